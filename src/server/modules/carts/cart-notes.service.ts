import type { z } from 'zod';
import type { cartNoteSchema } from '../../../domain/carts/cart-schemas';
import { actorOf, type Caller } from '../../core/caller';
import type { Db } from '../../core/database';
import { AppError } from '../../core/errors';
import { recordEvent } from '../audit/audit.service';
import { editableCart } from './cart-access';
import * as repo from './carts.repository';

export const noteNotFoundMessage = 'Note not found';

/** Adds a note to an open cart (notes print on the quote). */
export async function addNote(db: Db, caller: Caller, input: z.output<typeof cartNoteSchema>) {
  return db.transaction(async (tx) => {
    const cart = await editableCart(tx, caller, input.cartId);
    const note = await repo.insertNote(tx, { cartId: cart.id, authorId: caller.user.id, body: input.body });
    await repo.touchCart(tx, cart.id);
    await recordEvent(tx, actorOf(caller), { type: 'cart', id: cart.id }, 'add_note', {
      cartNoteId: note.id,
    });
    return {
      id: note.id,
      cartId: note.cartId,
      body: note.body,
      authorId: note.authorId,
      authorName: `${caller.user.firstName} ${caller.user.lastName}`,
      internal: false as const,
      createdAt: note.createdAt.toISOString(),
    };
  });
}

export async function deleteNote(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const note = await repo.findNote(tx, id);
    if (!note) throw new AppError('not_found', noteNotFoundMessage);
    try {
      await editableCart(tx, caller, note.cartId);
    } catch (error) {
      if (error instanceof AppError && error.type === 'not_found')
        throw new AppError('not_found', noteNotFoundMessage);
      throw error;
    }
    await repo.deleteNote(tx, note.id);
    await recordEvent(tx, actorOf(caller), { type: 'cart', id: note.cartId }, 'delete_note', {
      cartNoteId: note.id,
    });
  });
}
