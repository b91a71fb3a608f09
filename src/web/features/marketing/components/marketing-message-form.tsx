import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import {
  type AdminMarketingMessage,
  audienceColor,
  type MarketingMessageInput,
  marketingAudienceLabels,
  marketingAudiences,
  marketingMessageSchema,
} from '../../../../domain/marketing/marketing-messages';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { showError } from '../../../shell/toasts';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { ActiveDatesFields } from './active-dates-fields';

type Values = {
  title: string;
  message: string;
  audience: string | null;
  ctaUrl: string;
  ctaButtonLabel: string;
  ctaEventLabel: string;
  eventLabel: string;
  activeFrom: string | null;
  activeTo: string | null;
  active: boolean;
};

const audienceOptions = marketingAudiences.map((audience) => ({
  value: audience,
  label: marketingAudienceLabels[audience],
}));

const colorNames = { orange: 'orange', blue: 'blue', gray: 'grey' } as const;

function initialValues(message?: AdminMarketingMessage | null): Values {
  return {
    title: message?.title ?? '',
    message: message?.message ?? '',
    audience: message?.audience ?? null,
    ctaUrl: message?.ctaUrl ?? '',
    ctaButtonLabel: message?.ctaButtonLabel ?? '',
    ctaEventLabel: message?.ctaEventLabel ?? '',
    eventLabel: message?.eventLabel ?? '',
    activeFrom: message?.activeFrom ?? null,
    activeTo: message?.activeTo ?? null,
    active: message?.active ?? true,
  };
}

const toInput = (values: Values) => ({ ...values, audience: values.audience ?? '' }) as MarketingMessageInput;

/** The admin form of a marketing message, with a preview in the audience's colour. */
export function MarketingMessageForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  initial?: AdminMarketingMessage | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: MarketingMessageInput) => Promise<unknown>;
}) {
  const form = useForm<Values>({
    initialValues: initialValues(initial),
    validate: zodValidate(marketingMessageSchema, toInput),
  });
  const color = form.values.audience ? audienceColor(form.values.audience) : 'gray';

  const handleSubmit = async (values: Values) => {
    if (pending) return;
    try {
      await onSubmit(toInput(values));
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) {
        form.setErrors(apiError.fields);
        focusFirstError(apiError.fields);
      } else showError(apiError?.message);
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit, focusFirstError)} noValidate aria-label="Marketing message">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
              <Textarea
                label="Message"
                withAsterisk
                autosize
                minRows={3}
                maxRows={10}
                {...form.getInputProps('message')}
              />
              <Select
                label="Audience"
                withAsterisk
                placeholder="Who sees this message"
                description={
                  form.values.audience
                    ? `Shown in ${colorNames[color]} on the dashboard`
                    : 'Each audience has its colour'
                }
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                data={audienceOptions}
                {...form.getInputProps('audience')}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
                <TextInput
                  label="Call-to-action link"
                  placeholder="/search or https://…"
                  {...form.getInputProps('ctaUrl')}
                />
                <TextInput
                  label="Button label"
                  placeholder="e.g. Shop now"
                  {...form.getInputProps('ctaButtonLabel')}
                />
                <TextInput label="Call-to-action event label" {...form.getInputProps('ctaEventLabel')} />
                <TextInput label="Event label" {...form.getInputProps('eventLabel')} />
              </SimpleGrid>
              <ActiveDatesFields form={form} what="message" />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" component={Link} to={paths.adminMarketing}>
                  Cancel
                </Button>
                <Button type="submit" loading={pending}>
                  {submitLabel}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="xs">
            <Title order={2} size="h5">
              Preview
            </Title>
            <Alert
              color={color}
              variant="light"
              radius="md"
              title={form.values.title || 'Title'}
              withCloseButton
            >
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {form.values.message || 'The message text appears here.'}
              </Text>
              {form.values.ctaUrl && form.values.ctaButtonLabel && (
                <Button size="xs" color={color} mt="sm" tabIndex={-1}>
                  {form.values.ctaButtonLabel}
                </Button>
              )}
            </Alert>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
