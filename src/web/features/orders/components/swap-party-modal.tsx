import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { SwapBuyerInput, SwapSupplierInput } from '../../../../domain/orders/order-staff-actions';
import {
  type AdminOrderDetail,
  type BranchOption,
  type BuyerCandidate,
  type StaffActionAnswer,
  useBranchOptions,
  useBuyerCandidates,
  useSwapBuyer,
  useSwapSupplier,
} from '../api/staff-orders';
import type { StaffActionDialogProps } from './staff-action-dialog';
import { stateName } from './staff-order-labels';

type SwapFields = { updatePricing: boolean; sendEmail: boolean; supplierNote: string; reason: string };

/** The choices for a search term, and how each reads in the list. */
type SwapChoices<Choice> = {
  found: Choice[];
  isFetching: boolean;
  label: (choice: Choice) => string;
  disabled?: (choice: Choice) => boolean;
  /** How many items the order has, as the last answer counted them (the supplier's confirmation says it). */
  itemsCount: number;
};

/**
 * What differs between giving the order to another buyer and moving it to another branch. The hooks are
 * fixed per side (one module-level object each), so the dialog calls the same hooks on every render.
 */
type SwapSide<Choice extends { id: number }, Input> = {
  side: 'buyer' | 'supplier';
  selectTestId: string;
  useChoices: (order: AdminOrderDetail, term: string, opened: boolean) => SwapChoices<Choice>;
  useSwap: (orderId: number) => UseMutationResult<StaffActionAnswer, Error, Input>;
  input: (order: AdminOrderDetail, choice: Choice, fields: SwapFields) => Input;
  updatePricingByDefault: boolean;
  withSupplierNote: boolean;
  title: (order: AdminOrderDetail) => string;
  now: (order: AdminOrderDetail) => ReactNode;
  select: { label: string; placeholder: string; nothingFound: string };
  pricingDescription: string;
  emailLabel: string;
  confirmText: (
    order: AdminOrderDetail,
    choice: Choice,
    updatePricing: boolean,
    itemsCount: number,
  ) => ReactNode;
  doneText: (order: AdminOrderDetail, choice: Choice, answer: StaffActionAnswer) => string;
};

const buyerLabel = (user: BuyerCandidate) =>
  `${user.fullName} (${user.organizationName ?? 'no company'}) · ${user.email}`;

/** Gives the order to another buyer: choose the buyer, then confirm. */
const buyerSide: SwapSide<BuyerCandidate, SwapBuyerInput> = {
  side: 'buyer',
  selectTestId: 'swap-buyer-user',
  useChoices: (order, term, opened) => {
    const users = useBuyerCandidates(term, opened);
    return {
      found: (users.data?.results ?? []).filter((user) => user.id !== order.buyer.id),
      isFetching: users.isFetching,
      label: buyerLabel,
      disabled: (user) => user.organizationId === null,
      itemsCount: order.items.length,
    };
  },
  useSwap: useSwapBuyer,
  input: (order, user, fields) => ({
    version: order.version,
    buyerId: user.id,
    updatePricing: fields.updatePricing,
    sendEmail: fields.sendEmail,
    reason: fields.reason.trim() || null,
  }),
  updatePricingByDefault: false,
  withSupplierNote: false,
  title: (order) => `Swap buyer of order ${order.orderNumber}`,
  now: (order) => (
    <>
      Now: {order.buyer.fullName} ({order.buyer.organizationName}). The order gets a new version and the new
      buyer's company sees it instead.
    </>
  ),
  select: { label: 'New buyer', placeholder: 'Search by name or e-mail', nothingFound: 'No users match' },
  pricingDescription: "Price the items for the new buyer's company at the same branch.",
  emailLabel: 'E-mail the old buyer, the new buyer and the supplier',
  confirmText: (order, user, updatePricing) => (
    <>
      Give order {order.orderNumber} to {user.fullName} ({user.organizationName})? This makes version{' '}
      {order.version + 1}
      {updatePricing ? ' with their prices' : ''}.
    </>
  ),
  doneText: (order, user, answer) =>
    `Order ${order.orderNumber} now belongs to ${user.fullName} (${user.organizationName ?? 'no company'}), version ${answer.version}.`,
};

/** Moves the order to another branch: choose the branch (those listing most of its sizes first), then confirm. */
const supplierSide: SwapSide<BranchOption, SwapSupplierInput> = {
  side: 'supplier',
  selectTestId: 'swap-supplier-branch',
  useChoices: (order, term, opened) => {
    const options = useBranchOptions(order.id, term, opened);
    const itemsCount = options.data?.itemsCount ?? order.items.length;
    return {
      found: options.data?.results ?? [],
      isFetching: options.isFetching,
      label: (branch) =>
        `${branch.organizationName} · ${branch.name} (lists ${branch.listedItems} of ${itemsCount})`,
      itemsCount,
    };
  },
  useSwap: useSwapSupplier,
  input: (order, branch, fields) => ({
    version: order.version,
    branchId: branch.id,
    updatePricing: fields.updatePricing,
    sendEmail: fields.sendEmail,
    supplierNote: fields.supplierNote.trim() || null,
    reason: fields.reason.trim() || null,
  }),
  updatePricingByDefault: true,
  withSupplierNote: true,
  title: (order) => `Swap supplier of order ${order.orderNumber}`,
  now: (order) => (
    <>
      Now: {order.supplier.organizationName} · {order.supplier.branchName}. The order gets a new version; the
      new branch's supplier sees it instead, and proposals still open are withdrawn.
    </>
  ),
  select: {
    label: 'New branch',
    placeholder: 'Search by branch or company',
    nothingFound: 'No branches match',
  },
  pricingDescription:
    "Price the items from the new branch's listings of the same sizes; items it does not list keep their price.",
  emailLabel: 'E-mail the buyer and both suppliers',
  confirmText: (order, branch, updatePricing, itemsCount) => (
    <>
      Move order {order.orderNumber} from {order.supplier.branchName} to {branch.name}? This makes version{' '}
      {order.version + 1}
      {updatePricing ? ` with its prices (it lists ${branch.listedItems} of ${itemsCount} items)` : ''}.
      {order.state !== 'purchase_order_sent' && order.state !== 'submitted' && (
        <>
          {' '}
          The order stays {stateName(order.state)}: for the new supplier to answer its purchase order, move it
          to waiting for the supplier afterwards.
        </>
      )}
    </>
  ),
  doneText: (order, branch, answer) =>
    `Order ${order.orderNumber} moved to ${branch.organizationName} · ${branch.name}, version ${answer.version}.`,
};

type SwapPartyModalProps = StaffActionDialogProps & { opened: boolean; side: 'buyer' | 'supplier' };

/** Swaps the order's buyer or its supplier: search and choose the new party, set the options, then confirm. */
export function SwapPartyModal({ side, ...props }: SwapPartyModalProps) {
  return side === 'buyer' ? (
    <SwapDialog config={buyerSide} {...props} />
  ) : (
    <SwapDialog config={supplierSide} {...props} />
  );
}

function SwapDialog<Choice extends { id: number }, Input>({
  config,
  order,
  opened,
  onClose,
  onDone,
  onConflict,
}: StaffActionDialogProps & { opened: boolean; config: SwapSide<Choice, Input> }) {
  const swap = config.useSwap(order.id);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ choice: Choice; label: string } | null>(null);
  // Choosing an option puts its label in the search box; that is not a new search.
  const term = chosen && debounced === chosen.label ? '' : debounced;
  const choices = config.useChoices(order, term, opened);
  const [updatePricing, setUpdatePricing] = useState(config.updatePricingByDefault);
  const [sendEmail, setSendEmail] = useState(true);
  const [supplierNote, setSupplierNote] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listed =
    chosen && !choices.found.some((choice) => choice.id === chosen.choice.id)
      ? [chosen.choice, ...choices.found]
      : choices.found;
  const close = () => {
    setConfirming(false);
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!chosen) return;
    swap.mutate(config.input(order, chosen.choice, { updatePricing, sendEmail, supplierNote, reason }), {
      onSuccess: (answer) => {
        setChosen(null);
        setSearch('');
        setSupplierNote('');
        setReason('');
        setConfirming(false);
        onDone(config.doneText(order, chosen.choice, answer), answer);
      },
      onError: (failure) => {
        setConfirming(false);
        if (!onConflict(failure)) setError(failure.message);
      },
    });
  };
  const side = config.side;
  return (
    <Modal opened={opened} onClose={close} title={config.title(order)} centered size="lg">
      <Stack gap="md" data-testid={`swap-${side}-form`}>
        <Text size="sm">{config.now(order)}</Text>
        <Select
          label={config.select.label}
          placeholder={config.select.placeholder}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={choices.isFetching ? 'Searching…' : config.select.nothingFound}
          data={listed.map((choice) => ({
            value: String(choice.id),
            label: choices.label(choice),
            disabled: choices.disabled?.(choice),
          }))}
          value={chosen ? String(chosen.choice.id) : null}
          onChange={(value) => {
            const choice = listed.find((entry) => String(entry.id) === value);
            setChosen(choice ? { choice, label: choices.label(choice) } : null);
            setConfirming(false);
            setError(null);
          }}
          error={error}
          comboboxProps={{ withinPortal: true }}
          data-testid={config.selectTestId}
        />
        <Checkbox
          label="Update pricing"
          description={config.pricingDescription}
          checked={updatePricing}
          onChange={(e) => setUpdatePricing(e.currentTarget.checked)}
          data-testid={`swap-${side}-pricing`}
        />
        <Checkbox
          label={config.emailLabel}
          checked={sendEmail}
          onChange={(e) => setSendEmail(e.currentTarget.checked)}
        />
        {config.withSupplierNote && (
          <Textarea
            label="Supplier note"
            description="Sent to the new supplier with the order."
            autosize
            minRows={2}
            maxLength={2000}
            value={supplierNote}
            onChange={(e) => setSupplierNote(e.currentTarget.value)}
            data-testid={`swap-${side}-note`}
          />
        )}
        <Textarea
          label="Reason (optional)"
          autosize
          minRows={2}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid={`swap-${side}-reason`}
        />
        {confirming && chosen ? (
          <Alert color="blue" data-testid={`swap-${side}-confirm-text`}>
            {config.confirmText(order, chosen.choice, updatePricing, choices.itemsCount)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={confirming ? () => setConfirming(false) : close}
            disabled={swap.isPending}
          >
            Back
          </Button>
          {confirming ? (
            <Button onClick={submit} loading={swap.isPending} data-testid={`swap-${side}-confirm`}>
              {`Yes, swap ${side}`}
            </Button>
          ) : (
            <Button
              disabled={!chosen}
              onClick={() => setConfirming(true)}
              data-testid={`swap-${side}-submit`}
            >
              {`Swap ${side}`}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
