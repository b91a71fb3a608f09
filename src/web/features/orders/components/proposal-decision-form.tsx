import { Button, Group, Paper, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { type OrderProposal, useDecideProposal, type WorkflowOrder } from '../api/order-workflow-api';
import { OrderChangeError } from './order-change-error';

type DecisionError = { status: number; message: string };

/** Accept or reject a proposal, with an optional comment; a conflict offers to reload the order. */
export function ProposalDecisionForm({
  order,
  proposal,
  reload,
  onDecided,
}: {
  order: WorkflowOrder;
  proposal: OrderProposal;
  reload: () => void;
  onDecided: (decision: 'accepted' | 'rejected') => void;
}) {
  const decide = useDecideProposal(order.id);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<DecisionError | null>(null);

  const submit = (accept: boolean) => {
    setError(null);
    decide.mutate(
      { proposalId: proposal.id, accept, version: order.version, comment: comment.trim() || null },
      {
        onSuccess: () => onDecided(accept ? 'accepted' : 'rejected'),
        onError: (failure) =>
          setError(
            failure instanceof ApiError
              ? { status: failure.status, message: failure.message }
              : { status: 0, message: genericErrorMessage },
          ),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Your decision">
      <Stack gap="sm">
        <Textarea
          label="Comment (optional)"
          autosize
          minRows={2}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        {error && (
          <OrderChangeError
            error={error}
            notSavedTitle="Your decision was not saved"
            testId="decision-error"
            onReload={() => {
              setError(null);
              reload();
            }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            color="red"
            onClick={() => submit(false)}
            loading={decide.isPending && decide.variables?.accept === false}
            disabled={decide.isPending}
          >
            Reject
          </Button>
          <Button
            onClick={() => submit(true)}
            loading={decide.isPending && decide.variables?.accept === true}
            disabled={decide.isPending}
          >
            Accept
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
