import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Modal,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCamera, IconPhoto } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isAdmin } from '../../../../domain/access';
import {
  acceptedPhotoExtensions,
  maxPhotoBytes,
  maxPhotosPerUpload,
  photoMessages,
} from '../../../../domain/catalog/product-photos';
import type { CurrentUser } from '../../../../domain/users/current-user';
import { ApiError } from '../../../api/client';
import { showSuccess } from '../../../shell/toasts';
import { useAddProductPhotos } from '../api/product-photos';

type Values = { photos: File[]; pictureTakenOn: string; branchId: string | null; public: boolean };

const accepted = (file: File) =>
  acceptedPhotoExtensions.some((ending) => file.name.toLowerCase().endsWith(ending));

/** Who may add photos: suppliers (of one of their branches) and staff. */
export const mayAddPhotos = (user: CurrentUser | null) =>
  user !== null && (user.organizationBranches.length > 0 || isAdmin(user));

/** 'Add Photos' and its form: the photos, the day they were taken, the branch, and whether they are public. */
export function AddPhotos({ productId, user }: { productId: number; user: CurrentUser }) {
  const [opened, setOpened] = useState(false);
  const [progress, setProgress] = useState(0);
  const add = useAddProductPhotos(productId, setProgress);
  const branches = user.organizationBranches;
  const staff = isAdmin(user);
  const form = useForm<Values>({
    initialValues: {
      photos: [],
      pictureTakenOn: dayjs().format('YYYY-MM-DD'),
      branchId: branches.length === 1 ? String(branches[0].id) : null,
      public: true,
    },
    validate: {
      photos: (photos) =>
        photos.length === 0
          ? photoMessages.photoRequired
          : photos.length > maxPhotosPerUpload
            ? photoMessages.tooMany
            : !photos.every(accepted)
              ? photoMessages.notAccepted
              : photos.some((photo) => photo.size > maxPhotoBytes)
                ? photoMessages.tooLarge
                : null,
      pictureTakenOn: (date) =>
        !date
          ? photoMessages.dateRequired
          : // (A date field gives YYYY-MM-DD or nothing, so text order is date order.)
            date > dayjs().format('YYYY-MM-DD')
            ? photoMessages.dateInFuture
            : null,
      branchId: (branchId) => (!branchId && !staff ? 'Choose the branch the photos were taken at' : null),
    },
  });
  const close = () => {
    if (add.isPending) return;
    setOpened(false);
    setProgress(0);
    add.reset();
  };
  const submit = form.onSubmit(async (values) => {
    setProgress(0);
    try {
      await add.mutateAsync({
        photos: values.photos,
        pictureTakenOn: values.pictureTakenOn,
        public: values.public,
        branchId: values.branchId ? Number(values.branchId) : null,
      });
      showSuccess(values.photos.length === 1 ? 'Photo added' : `${values.photos.length} photos added`);
      form.reset();
      close();
    } catch (error) {
      // The server's word on each field goes under it; the chosen files stay chosen.
      if (error instanceof ApiError) form.setErrors(error.fields);
    }
  });
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconCamera size={16} />}
        onClick={() => setOpened(true)}
        data-testid="add-photos"
      >
        Add Photos
      </Button>
      <Modal opened={opened} onClose={close} title="Add Photos" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <FileInput
              label="Photos"
              description="GIF, PNG or JPEG, up to 10 MB each"
              placeholder="Choose photos"
              multiple
              clearable
              accept={acceptedPhotoExtensions.join(',')}
              leftSection={<IconPhoto size={16} />}
              withAsterisk
              {...form.getInputProps('photos')}
            />
            <TextInput
              type="date"
              label="Date Taken"
              max={dayjs().format('YYYY-MM-DD')}
              withAsterisk
              {...form.getInputProps('pictureTakenOn')}
            />
            {branches.length > 0 && (
              <Select
                label="Branch"
                placeholder="Where the photos were taken"
                data={branches.map((branch) => ({ value: String(branch.id), label: branch.name }))}
                withAsterisk={!staff}
                clearable={staff}
                {...form.getInputProps('branchId')}
              />
            )}
            <Checkbox
              label="Public: show these photos to every buyer on this product's page"
              {...form.getInputProps('public', { type: 'checkbox' })}
            />
            {add.isPending && <Progress value={progress} animated aria-label="Upload progress" />}
            {add.error && !(add.error instanceof ApiError && Object.keys(add.error.fields).length > 0) && (
              <Alert color="red" variant="light">
                {add.error.message}
              </Alert>
            )}
            <Text size="xs" c="dimmed">
              Buyers see the branch and the date with each photo.
            </Text>
            <Button type="submit" loading={add.isPending}>
              Add Photos
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
