import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorDetailsOf } from '../../../../domain/api-errors';
import { importFileRequiredMessage, noHeadersMessage } from '../../../../domain/hubsheets/hubsheet-schemas';
import type { ImportListView } from '../../../../domain/hubsheets/hubsheet-types';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { showError } from '../../../shell/toasts';
import { useStepFocus } from '../../../ui/use-step-focus';
import { createHubsheet, uploadImportList, useInvalidateHubsheets } from '../api/hubsheets-api';
import { CreatingScreen } from './creating-screen';
import { FileDrop } from './file-drop';
import { initialJobValues, JobFields, type JobValues, jobPayload, jobValidation } from './job-fields';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';
import { headersCheckboxLabel } from './wizard-messages';

type Step = 'upload' | 'mapping' | 'preview';
const stepIndex: Record<Step, number> = { upload: 0, mapping: 1, preview: 2 };

type UploadValues = JobValues & { file: File | null; headersIncluded: boolean; mapMyself: boolean };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

/** An import list carried by a 'Required headers are missing' answer, when it has one. */
function listInAnswer(error: unknown): ImportListView | null {
  if (!(error instanceof ApiError)) return null;
  return errorDetailsOf(error, 'required_headers_missing')?.importList ?? null;
}

/** Upload → (Mapping) → Preview → loading screen → the new hubsheet (part 2 §2 and §4). */
export function ImportWizard({ showConverterLink }: { showConverterLink: boolean }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateHubsheets();
  const [step, setStep] = useState<Step>('upload');
  const stepTop = useStepFocus<HTMLDivElement>(step);
  const [importList, setImportList] = useState<ImportListView | null>(null);
  const [uploading, setUploading] = useState(false);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [headersError, setHeadersError] = useState<string | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const form = useForm<UploadValues>({
    mode: 'controlled',
    initialValues: { ...initialJobValues, file: null, headersIncluded: true, mapMyself: false },
    validate: {
      ...jobValidation,
      file: (value: File | null) => (value ? null : importFileRequiredMessage),
    },
    validateInputOnBlur: true,
  });
  const valid = form.isValid();
  // The missing-file message once the user has started on the form (not on an untouched page).
  const showFileError = !form.values.file && (form.isTouched('name') || form.isTouched('postalCode'));

  const upload = async () => {
    const { file, headersIncluded, mapMyself } = form.values;
    if (form.validate().hasErrors || !file) return;
    setUploading(true);
    setNotice(null);
    setHeadersError(null);
    try {
      const list = await uploadImportList(file, headersIncluded);
      setImportList(list);
      setStep(mapMyself || list.missingHeaders.length > 0 ? 'mapping' : 'preview');
    } catch (error) {
      const list = listInAnswer(error);
      if (list) {
        setImportList(list);
        setStep('mapping');
      } else if (messageOf(error) === noHeadersMessage) {
        setHeadersError(noHeadersMessage);
      } else {
        // Any other answer: the file part of the form starts again, the message stays on screen.
        setNotice(messageOf(error));
        showError(messageOf(error));
        form.setValues({ file: null, headersIncluded: true, mapMyself: false });
      }
    } finally {
      setUploading(false);
    }
  };

  const backToUpload = () => {
    setImportList(null);
    form.setFieldValue('file', null);
    setStep('upload');
  };

  const create = async () => {
    if (!importList) return;
    setCreating(true);
    setCreateError(null);
    try {
      const created = await createHubsheet({ ...jobPayload(form.values), importListId: importList.id });
      invalidate();
      navigate(paths.hubsheet(created.id));
    } catch (error) {
      setCreating(false);
      setCreateError(messageOf(error));
      showError(messageOf(error));
    }
  };

  if (creating) return <CreatingScreen />;

  return (
    <Stack gap="lg" ref={stepTop}>
      <Group justify="flex-end" mb={-12}>
        <Anchor component={Link} to={paths.hubsheets} size="sm" data-testid="wizard-exit">
          Exit
        </Anchor>
      </Group>
      <Stepper active={stepIndex[step]} size="sm" wrap={false} allowNextStepsSelect={false}>
        <Stepper.Step label="Import" />
        <Stepper.Step label="Mapping" />
        <Stepper.Step label="Preview" />
      </Stepper>

      {step === 'upload' && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <Stack gap="lg" data-testid="hubsheet-upload-step">
            <div>
              <Title order={2} size="h3">
                Upload Your List
              </Title>
              <Text size="sm" c="dimmed">
                A plant schedule or materials list as .csv, .xls or .xlsx. We match every line to the catalog.
              </Text>
            </div>
            {notice && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                role="alert"
                withCloseButton
                onClose={() => setNotice(null)}
                data-testid="hubsheet-upload-error"
              >
                {notice}
              </Alert>
            )}
            <FileDrop
              file={form.values.file}
              onFile={(file) => {
                form.setFieldValue('file', file);
                setHeadersError(null);
                setNotice(null);
              }}
              error={showFileError ? importFileRequiredMessage : null}
              showConverterLink={showConverterLink}
            />
            <Stack gap={4}>
              <Checkbox
                label={headersCheckboxLabel}
                {...form.getInputProps('headersIncluded', { type: 'checkbox' })}
                onChange={(event) => {
                  form.setFieldValue('headersIncluded', event.currentTarget.checked);
                  setHeadersError(null);
                }}
                error={headersError}
              />
              <Checkbox
                label="I'd rather map the columns myself"
                {...form.getInputProps('mapMyself', { type: 'checkbox' })}
              />
            </Stack>
            <JobFields form={form} />
            <Group justify="space-between">
              <Anchor component={Link} to={paths.hubsheets}>
                Exit
              </Anchor>
              <Button onClick={() => void upload()} loading={uploading} disabled={!valid}>
                Continue
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      {step === 'mapping' && importList && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <MappingStep
            importList={importList}
            onBack={backToUpload}
            onMapped={(list) => {
              setImportList(list);
              setStep('preview');
            }}
          />
        </Paper>
      )}

      {step === 'preview' && importList && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <PreviewStep
            importList={importList}
            job={form.values}
            error={createError}
            // Back goes to Mapping while no product name column is assigned, else to Upload without the file.
            onBack={() => (importList.productNameIndex === null ? setStep('mapping') : backToUpload())}
            onCreate={() => void create()}
            onChangeColumns={() => setStep('mapping')}
          />
        </Paper>
      )}
    </Stack>
  );
}

/** 'Add Your Job Information': a hubsheet without a file, filled line by line. */
export function ScratchForm() {
  const navigate = useNavigate();
  const invalidate = useInvalidateHubsheets();
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<JobValues>({
    mode: 'controlled',
    initialValues: initialJobValues,
    validate: jobValidation,
    validateInputOnBlur: true,
  });

  const create = async (values: JobValues) => {
    setCreating(true);
    setError(null);
    try {
      const created = await createHubsheet(jobPayload(values));
      invalidate();
      navigate(paths.hubsheet(created.id));
    } catch (failure) {
      setCreating(false);
      setError(messageOf(failure));
      if (failure instanceof ApiError && Object.keys(failure.fields).length) form.setErrors(failure.fields);
    }
  };

  if (creating) return <CreatingScreen />;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <form onSubmit={form.onSubmit((values) => void create(values))}>
        <Stack gap="lg" data-testid="hubsheet-scratch-step">
          <div>
            <Title order={2} size="h3">
              Add Your Job Information
            </Title>
            <Text size="sm" c="dimmed">
              Start an empty HubSheet and add its lines yourself.
            </Text>
          </div>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <JobFields form={form} />
          <Group justify="space-between">
            <Anchor component={Link} to={paths.hubsheets}>
              Exit
            </Anchor>
            <Button type="submit" disabled={!form.isValid()}>
              Create HubSheet
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
