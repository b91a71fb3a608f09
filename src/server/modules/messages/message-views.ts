// How the inbox and the event feed show a message's sender, organisation, event and other parties.

import type { EventKind } from '../../../domain/messages/message-types';
import type { Mailbox } from './message-access';
import * as repo from './messages.repository';

export const iso = (value: Date | string) => new Date(value).toISOString();

export function senderView(row: {
  sender_first_name: string | null;
  sender_last_name: string | null;
  sender_title: string | null;
  sender_mailbox: string;
}) {
  if (row.sender_first_name === null) return null;
  return {
    fullName: `${row.sender_first_name} ${row.sender_last_name ?? ''}`.trim(),
    firstName: row.sender_first_name,
    admin: row.sender_mailbox === repo.staffMailbox,
    externalTitle: row.sender_title,
  };
}

export function organizationView(id: number | null, name: string | null, logo: string | null) {
  return id === null || name === null ? null : { id, name, logoUrl: logo };
}

export function eventView(
  row: {
    event_kind: string | null;
    event_name: string | null;
    event_payload: Record<string, unknown> | null;
    event_version: number | null;
    created_at: Date;
  },
  respondedAt: Date | null,
) {
  if (!row.event_kind || !row.event_name) return null;
  return {
    kind: row.event_kind as EventKind,
    name: row.event_name,
    eventPayload: row.event_payload ?? {},
    version: row.event_version,
    createdAt: iso(row.created_at),
    respondedAt: respondedAt ? iso(respondedAt) : null,
  };
}

/** The other parties of a thread as the mailbox sees them (the To column of Sent). */
export function counterpartNames(
  mailbox: Mailbox,
  row: {
    buyer_organization_id: number | null;
    buyer_organization_name: string | null;
    supplier_organization_id: number | null;
    supplier_organization_name: string | null;
    branch_name: string | null;
  },
) {
  const names: string[] = [];
  if (row.buyer_organization_name && mailbox !== repo.organizationMailbox(row.buyer_organization_id ?? 0))
    names.push(row.buyer_organization_name);
  if (
    row.supplier_organization_name &&
    mailbox !== repo.organizationMailbox(row.supplier_organization_id ?? 0)
  )
    names.push(row.branch_name ?? row.supplier_organization_name);
  if (names.length === 0 && row.buyer_organization_name) names.push(row.buyer_organization_name);
  return names.join(', ');
}
