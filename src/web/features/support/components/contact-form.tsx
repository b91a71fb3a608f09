import {
  Alert,
  Button,
  FileInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import {
  attachmentExtensions,
  maxAttachmentBytes,
  type SupportRequestInput,
  supportRequestInputSchema,
  supportRequestMessages,
} from '../../../../domain/support/support-requests';
import { fullNameOf } from '../../../../domain/users/current-user';
import { ApiError } from '../../../api/client';
import { useCurrentUser } from '../../../api/current-user';
import { showError } from '../../../shell/toasts';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { useSendSupportRequest } from '../api/support-requests';

type Values = SupportRequestInput & { phone: string };

const accept = attachmentExtensions.map((extension) => `.${extension}`).join(',');

/**
 * The Contact Us form: it creates a support request staff answer in Beehive. With `withList` it is
 * the 'Send Us Your List' form: the material list is attached and required.
 */
export function ContactForm({ withList = false }: { withList?: boolean }) {
  const { user } = useCurrentUser();
  const send = useSendSupportRequest();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      name: user ? fullNameOf(user) : '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      subject: withList ? 'Material list for a bid' : '',
      body: '',
    },
    validate: zodValidate(supportRequestInputSchema),
  });

  const checkFile = () => {
    if (!withList) return null;
    if (!file) return supportRequestMessages.attachmentRequired;
    if (file.size > maxAttachmentBytes) return supportRequestMessages.attachmentSize;
    return null;
  };

  const submit = async (values: Values) => {
    const problem = checkFile();
    setFileError(problem);
    if (problem || send.isPending) return;
    try {
      const answer = await send.mutateAsync({ input: values, file: withList ? file : null });
      setSent(answer.message);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) {
        const { file: fileMessage, ...fields } = apiError.fields;
        form.setErrors(fields);
        setFileError(fileMessage ?? null);
        focusFirstError(fields);
      } else showError(apiError?.message);
    }
  };

  if (sent) {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={20} />}
        data-testid="contact-sent"
        mt="lg"
      >
        <Text size="sm">{sent}</Text>
      </Alert>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mt="lg">
      <form
        onSubmit={form.onSubmit(submit, (errors) => {
          setFileError(checkFile());
          focusFirstError(errors);
        })}
        noValidate
        aria-label={withList ? 'Send us your list' : 'Contact us'}
        data-testid="contact-form"
      >
        <Stack gap="md">
          <Title order={2} fz="lg">
            {withList ? 'Send Us Your List' : 'Send us a message'}
          </Title>
          {withList && (
            <Text size="sm" c="dimmed">
              Bidding a large job? Attach your material list and our team will source it across our suppliers.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Name" withAsterisk autoComplete="name" {...form.getInputProps('name')} />
            <TextInput
              label="E-mail"
              withAsterisk
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
          </SimpleGrid>
          <TextInput label="Phone" type="tel" autoComplete="tel" maw={360} {...form.getInputProps('phone')} />
          <TextInput label="Subject" withAsterisk {...form.getInputProps('subject')} />
          <Textarea
            label={withList ? 'About the job' : 'Message'}
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            {...form.getInputProps('body')}
          />
          {withList && (
            <FileInput
              label="Your list"
              description="A spreadsheet, PDF, document or photo of the list, up to 10 MB"
              withAsterisk
              clearable
              accept={accept}
              leftSection={<IconPaperclip size={16} />}
              value={file}
              onChange={(next) => {
                setFile(next);
                setFileError(null);
              }}
              error={fileError}
              data-testid="contact-list-file"
            />
          )}
          <Button
            type="submit"
            loading={send.isPending}
            style={{ alignSelf: 'flex-start' }}
            data-testid="contact-send"
          >
            {withList ? 'Send My List' : 'Send Message'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** Contact Us with the form; `?topic=list` makes it 'Send Us Your List'. */
export function ContactFormSlot({ topic }: { topic: string | null }) {
  return <ContactForm key={topic ?? ''} withList={topic === 'list'} />;
}
