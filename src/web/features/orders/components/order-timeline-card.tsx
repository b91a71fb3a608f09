import { Collapse, Paper, Text, Timeline, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { orderTimeline, type TimelineStep } from '../../../../domain/orders/order-timeline';
import type { OrderDetail } from '../api/order-api';
import { formatDateTime } from './order-dates';

const stepColor = (step: TimelineStep) => {
  if (step.status === 'flagged')
    return step.key === 'cancelled' || step.key === 'rejected' ? 'red' : 'orange';
  if (step.status === 'done') return 'green';
  if (step.status === 'current') return 'blue';
  return 'gray';
};

/** The order's progress as the viewer's side sees it; the current and flagged steps open. */
export function OrderTimelineCard({ order }: { order: OrderDetail }) {
  const steps = orderTimeline(
    order.audience === 'supplier' ? 'supplier' : 'buyer',
    { state: order.state, fulfillment: order.fulfillment, freightPending: order.freightPending },
    order.events,
  );
  const [open, setOpen] = useState<Set<string>>(
    () =>
      new Set(
        steps.filter((step) => step.status === 'current' || step.status === 'flagged').map((s) => s.key),
      ),
  );
  const toggle = (key: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const active = steps.reduce((last, step, index) => (step.status === 'upcoming' ? last : index), -1);
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Title order={2} size="h4" mb="sm">
        Progress
      </Title>
      <Timeline active={active} bulletSize={22} lineWidth={2} color="green" data-testid="order-timeline">
        {steps.map((step) => {
          const expanded = open.has(step.key);
          const color = stepColor(step);
          return (
            <Timeline.Item
              key={step.key}
              color={color}
              lineVariant={step.status === 'upcoming' ? 'dashed' : 'solid'}
              bullet={
                step.status === 'done' ? (
                  <IconCheck size={13} />
                ) : step.status === 'flagged' ? (
                  <IconAlertTriangle size={13} />
                ) : null
              }
              data-testid="order-timeline-step"
              data-step={step.key}
              data-status={step.status}
              title={
                <UnstyledButton
                  onClick={() => toggle(step.key)}
                  aria-expanded={expanded}
                  w="100%"
                  style={{ display: 'flex', alignItems: 'center', gap: 4 }}
                >
                  {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                  <Text
                    component="span"
                    fw={step.status === 'upcoming' ? 400 : 600}
                    c={step.status === 'flagged' ? color : step.status === 'upcoming' ? 'dimmed' : undefined}
                    size="sm"
                  >
                    {step.label}
                  </Text>
                </UnstyledButton>
              }
            >
              {step.at && (
                <Text size="xs" c="dimmed">
                  {formatDateTime(step.at)}
                </Text>
              )}
              <Collapse expanded={expanded}>
                <Text size="sm" c={step.status === 'flagged' ? color : 'dimmed'} mt={2}>
                  {step.description}
                </Text>
              </Collapse>
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Paper>
  );
}
