import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ImportListView } from '../../../../domain/hubsheets/hubsheet-types';
import { paths } from '../../../paths';
import { showError } from '../../../shell/toasts';
import { useStepFocus } from '../../../ui/use-step-focus';
import {
  createHubsheet,
  getImportImage,
  getImportList,
  previewPdfPage,
  uploadImportImage,
  useInvalidateHubsheets,
} from '../api/hubsheets-api';
import { CreatingScreen } from './creating-screen';
import { initialJobValues, JobFields, type JobValues, jobPayload, jobValidation } from './job-fields';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';

type Crop = { x: number; y: number; width: number; height: number };
type Step = 'upload' | 'converting' | 'mapping' | 'preview';
const stepIndex: Record<Step, number> = { upload: 0, converting: 1, mapping: 2, preview: 3 };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');
const accepted = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** An image of the list on which the user drags the table's area (crop_image). */
function CropArea({
  file,
  crop,
  onCrop,
}: {
  file: File;
  crop: Crop | null;
  onCrop: (crop: Crop | null) => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const isPdf = /\.pdf$/i.test(file.name);
  useEffect(() => {
    let next: string | null = null;
    let cancelled = false;
    setUrl(null);
    setPreviewError(null);
    // An image is shown as it is; a PDF's first page is drawn by the server.
    const image = isPdf ? previewPdfPage(file) : Promise.resolve(file);
    image.then(
      (blob) => {
        if (cancelled) return;
        next = URL.createObjectURL(blob);
        setUrl(next);
      },
      (error: unknown) => {
        if (!cancelled) setPreviewError(messageOf(error));
      },
    );
    return () => {
      cancelled = true;
      if (next) URL.revokeObjectURL(next);
    };
  }, [file, isPdf]);
  const at = (event: React.PointerEvent) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return {
      x: Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)),
      y: Math.min(1, Math.max(0, (event.clientY - rect.top) / rect.height)),
    };
  };
  if (previewError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {previewError}
      </Text>
    );
  }
  if (!url) {
    return isPdf ? (
      <Text size="sm" c="dimmed">
        Showing the first page…
      </Text>
    ) : null;
  }
  return (
    <Stack gap={4}>
      <Text size="sm">
        {isPdf
          ? 'Drag over the first page to mark the table of plants (optional); the same area is read on every page.'
          : 'Drag over the image to mark the table of plants (optional).'}
      </Text>
      <div
        ref={box}
        data-testid="converter-crop"
        style={{ position: 'relative', touchAction: 'none', cursor: 'crosshair', maxWidth: '100%' }}
        onPointerDown={(event) => {
          start.current = at(event);
          onCrop(null);
        }}
        onPointerMove={(event) => {
          if (!start.current) return;
          const point = at(event);
          const origin = start.current;
          onCrop({
            x: Math.min(origin.x, point.x),
            y: Math.min(origin.y, point.y),
            width: Math.abs(point.x - origin.x),
            height: Math.abs(point.y - origin.y),
          });
        }}
        onPointerUp={() => {
          start.current = null;
        }}
      >
        <img
          src={url}
          alt={isPdf ? 'The first page of your plant list' : 'Your plant list'}
          style={{
            display: 'block',
            width: '100%',
            userSelect: 'none',
            border: '1px solid var(--mantine-color-gray-4)',
          }}
          draggable={false}
        />
        {crop && (
          <div
            style={{
              position: 'absolute',
              left: `${crop.x * 100}%`,
              top: `${crop.y * 100}%`,
              width: `${crop.width * 100}%`,
              height: `${crop.height * 100}%`,
              border: '2px solid var(--mantine-color-hedge-6, #2f9e44)',
              background: 'rgba(47, 158, 68, 0.12)',
            }}
          />
        )}
      </div>
      {crop && (
        <Anchor component="button" type="button" size="sm" onClick={() => onCrop(null)} w="fit-content">
          Use the whole page
        </Anchor>
      )}
    </Stack>
  );
}

type FormValues = JobValues & { file: File | null };

/** /hubsheets/file_converter: a PDF or image → converting → mapping → preview → the new hubsheet. */
export function ConverterWizard() {
  const navigate = useNavigate();
  const invalidate = useInvalidateHubsheets();
  const [step, setStep] = useState<Step>('upload');
  const stepTop = useStepFocus<HTMLDivElement>(step);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [status, setStatus] = useState<{ progress: number; message: string | null }>({
    progress: 0,
    message: null,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [importList, setImportList] = useState<ImportListView | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { ...initialJobValues, file: null },
    validate: {
      ...jobValidation,
      file: (value: File | null) => (value ? null : 'Choose a .pdf, .jpg, .jpeg or .png file to convert.'),
    },
    validateInputOnBlur: true,
  });
  const file = form.values.file;

  const convert = async () => {
    if (form.validate().hasErrors || !file) return;
    setFailure(null);
    setStep('converting');
    setStatus({ progress: 0, message: 'Uploading' });
    try {
      const { id } = await uploadImportImage(file, crop);
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        const current = await getImportImage(id);
        setStatus({ progress: current.progress, message: current.message });
        if (current.status === 'failed') throw new Error(current.message ?? 'We could not read this file.');
        if (current.status === 'done' && current.importListId) {
          const list = await getImportList(current.importListId);
          setImportList(list);
          setStep(list.missingHeaders.length > 0 ? 'mapping' : 'preview');
          return;
        }
      }
    } catch (error) {
      setFailure(messageOf(error));
      setStep('upload');
    }
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
      <Stepper active={stepIndex[step]} size="xs" allowNextStepsSelect={false}>
        <Stepper.Step label="Upload" />
        <Stepper.Step label="Read" />
        <Stepper.Step label="Mapping" />
        <Stepper.Step label="Preview" />
      </Stepper>
      {step === 'upload' && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <Stack gap="lg" data-testid="converter-upload-step">
            <div>
              <Title order={2} size="h3">
                Upload a PDF or Image of Your List
              </Title>
              <Text size="sm" c="dimmed">
                A page of a landscape plan, a photo of a printed list or a scanned order form: .pdf, .jpg,
                .jpeg or .png, up to 20 MB and 10 pages. We read the table and turn it into a HubSheet.
              </Text>
            </div>
            {failure && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                role="alert"
                data-testid="converter-error"
              >
                {failure}
              </Alert>
            )}
            <FileInput
              label="File"
              placeholder="Choose a PDF or image"
              accept={accepted}
              leftSection={<IconFileTypePdf size={16} />}
              clearable
              data-testid="converter-file"
              {...form.getInputProps('file')}
              onChange={(value) => {
                form.setFieldValue('file', value);
                setCrop(null);
                setFailure(null);
              }}
            />
            {file && <CropArea file={file} crop={crop} onCrop={setCrop} />}
            <JobFields form={form} />
            <Group justify="space-between">
              <Anchor component={Link} to={paths.newHubsheet}>
                Back
              </Anchor>
              <Button onClick={() => void convert()} disabled={!form.isValid()}>
                Convert
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {step === 'converting' && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" data-testid="converter-progress">
          <Stack gap="sm">
            <Title order={2} size="h3">
              Reading Your List
            </Title>
            <Progress value={Math.max(5, status.progress)} animated />
            <Text size="sm" c="dimmed">
              {status.message ?? 'Waiting to start'}
            </Text>
          </Stack>
        </Paper>
      )}
      {step === 'mapping' && importList && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <MappingStep
            importList={importList}
            onBack={() => setStep('upload')}
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
            onBack={() => setStep('upload')}
            onCreate={() => void create()}
            onChangeColumns={() => setStep('mapping')}
          />
        </Paper>
      )}
    </Stack>
  );
}
