import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AddListItemInput, UpdateListItemInput } from '../../../../domain/hubsheets/hubsheet-schemas';
import type { HubsheetView, ListItemView } from '../../../../domain/hubsheets/hubsheet-types';
import { showError } from '../../../shell/toasts';
import { addListItem, deleteListItem, hubsheetKeys, reorderListItems, updateListItem } from './hubsheets-api';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

export type ListItemActions = {
  /** Shows `preview` at once, saves `input`, and puts the line back as it was if the server refuses. */
  update: (
    item: ListItemView,
    input: UpdateListItemInput,
    preview: Partial<ListItemView>,
  ) => Promise<boolean>;
  remove: (item: ListItemView) => Promise<void>;
  add: (input: AddListItemInput) => Promise<boolean>;
  reorder: (ids: number[]) => Promise<void>;
};

/**
 * The grid's edits, each optimistic: the cached hubsheet changes first; a refused save restores
 * what was there and shows the server's message (part 2 §4).
 */
export function useListItemActions(hubsheetId: number): ListItemActions {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const key = hubsheetKeys.detail(hubsheetId);
    const edit = (change: (items: ListItemView[]) => ListItemView[]) =>
      queryClient.setQueryData<HubsheetView>(key, (old) =>
        old ? { ...old, listItems: change(old.listItems) } : old,
      );
    const current = () => queryClient.getQueryData<HubsheetView>(key);
    // Counts, summary and supply come from the server: read them again after a change settles.
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['hubsheets', 'list'] });
    };

    return {
      update: async (item, input, preview) => {
        await queryClient.cancelQueries({ queryKey: key });
        const before = current()?.listItems.find((entry) => entry.id === item.id) ?? item;
        edit((items) => items.map((entry) => (entry.id === item.id ? { ...entry, ...preview } : entry)));
        try {
          const saved = await updateListItem(item.id, input);
          edit((items) => items.map((entry) => (entry.id === item.id ? saved : entry)));
          refresh();
          return true;
        } catch (error) {
          edit((items) => items.map((entry) => (entry.id === item.id ? before : entry)));
          showError(messageOf(error));
          return false;
        }
      },
      remove: async (item) => {
        await queryClient.cancelQueries({ queryKey: key });
        const before = current()?.listItems ?? [];
        edit((items) => items.filter((entry) => entry.id !== item.id));
        try {
          await deleteListItem(item.id);
          refresh();
        } catch (error) {
          edit(() => before);
          showError(messageOf(error));
        }
      },
      add: async (input) => {
        try {
          const added = await addListItem(hubsheetId, input);
          edit((items) => [...items, added]);
          refresh();
          return true;
        } catch (error) {
          showError(messageOf(error));
          return false;
        }
      },
      reorder: async (ids) => {
        await queryClient.cancelQueries({ queryKey: key });
        const before = current()?.listItems ?? [];
        const byId = new Map(before.map((item) => [item.id, item]));
        edit(() =>
          ids.flatMap((id, index) => {
            const item = byId.get(id);
            return item ? [{ ...item, position: index + 1 }] : [];
          }),
        );
        try {
          await reorderListItems(hubsheetId, ids);
        } catch (error) {
          edit(() => before);
          showError(messageOf(error));
        }
      },
    };
  }, [hubsheetId, queryClient]);
}
