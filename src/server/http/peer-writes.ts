import pg from 'pg';

const channel = 'hedgerow_writes';
const reconnectDelayMs = 1000;

export type PeerWriteListener = {
  /** Another process on the database has answered a write. */
  onPeerWrite(): void;
  /**
   * Whether notices are being received. While they are not, another process's write may go unnoticed,
   * so caches that rely on them should stand aside until `true` comes back.
   */
  onListening(listening: boolean): void;
};

/**
 * Tells the other server processes on one PostgreSQL database that this one has answered a write, and
 * this one when they have: NOTIFY/LISTEN on one channel, over a connection of its own (a LISTEN holds
 * its connection, so it cannot be a pooled one). A lost connection is reopened every second until it
 * is back; notices sent meanwhile are lost, which the listener is told about.
 */
export class PeerWrites {
  private client: pg.Client | null = null;
  private closed = false;
  private reconnecting: NodeJS.Timeout | null = null;
  private sending = false;
  private sendAgain = false;

  constructor(
    private readonly connectionString: string,
    private readonly listener: PeerWriteListener,
    private readonly warn: (message: string) => void,
  ) {}

  /** Opens the connection; resolves once listening, or once the first attempt failed (it retries). */
  async start() {
    await this.connect();
  }

  /** Tells the other processes this one has answered a write. Notices that would overlap are merged. */
  announce() {
    const client = this.client;
    if (!client) return;
    if (this.sending) {
      this.sendAgain = true;
      return;
    }
    this.sending = true;
    client
      .query(`notify ${channel}`)
      // A failed notice means a lost connection: its error event reopens it.
      .catch(() => {})
      .finally(() => {
        this.sending = false;
        if (this.sendAgain) {
          this.sendAgain = false;
          this.announce();
        }
      });
  }

  async close() {
    this.closed = true;
    if (this.reconnecting) clearTimeout(this.reconnecting);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect() {
    this.reconnecting = null;
    const client = new pg.Client({ connectionString: this.connectionString });
    let gone = false;
    const lose = (reason: string) => {
      if (gone) return;
      gone = true;
      this.lost(client, reason);
    };
    client.on('notification', (notice) => {
      // The same connection sends this process's own notices; they are no news here.
      if (notice.processId !== (client as unknown as { processID: number }).processID) {
        this.listener.onPeerWrite();
      }
    });
    client.on('error', (error) => lose(error.message));
    client.on('end', () => lose('the connection ended'));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      lose((error as Error).message);
      return;
    }
    if (this.closed) {
      gone = true;
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.listener.onListening(true);
  }

  private lost(client: pg.Client, reason: string) {
    const wasListening = this.client === client;
    if (wasListening) this.client = null;
    client.end().catch(() => {});
    if (this.closed) return;
    if (wasListening) this.listener.onListening(false);
    this.warn(`Not hearing other processes' writes (${reason}); retrying every second`);
    this.reconnecting ??= setTimeout(() => void this.connect(), reconnectDelayMs);
    this.reconnecting.unref();
  }
}
