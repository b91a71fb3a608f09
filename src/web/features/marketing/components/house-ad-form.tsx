import { Button, Group, Image, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { adZoneSize, adZones } from '../../../../domain/marketing/ad-zones';
import { type AdminHouseAd, type HouseAdInput, houseAdSchema } from '../../../../domain/marketing/house-ads';
import { isLinkTarget } from '../../../../domain/marketing/marketing-messages';
import { ApiError } from '../../../api/client';
import { showError } from '../../../shell/toasts';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { ActiveDatesFields } from './active-dates-fields';

type Values = {
  name: string;
  zoneId: string | null;
  imageUrl: string;
  phoneImageUrl: string;
  linkUrl: string;
  altText: string;
  activeFrom: string | null;
  activeTo: string | null;
  active: boolean;
};

const zoneOptions = adZones.map((zone) => ({ value: zone.id, label: `${zone.id} · ${zone.label}` }));

const toInput = (values: Values) => ({ ...values, zoneId: values.zoneId ?? '' }) as HouseAdInput;

/** The admin form of a house ad: name, zone, image, link, description and dates. */
export function HouseAdForm({
  initial,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: AdminHouseAd | null;
  pending: boolean;
  onSubmit: (values: HouseAdInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<Values>({
    initialValues: {
      name: initial?.name ?? '',
      zoneId: initial?.zoneId ?? null,
      imageUrl: initial?.imageUrl ?? '',
      phoneImageUrl: initial?.phoneImageUrl ?? '',
      linkUrl: initial?.linkUrl ?? '',
      altText: initial?.altText ?? '',
      activeFrom: initial?.activeFrom ?? null,
      activeTo: initial?.activeTo ?? null,
      active: initial?.active ?? true,
    },
    validate: zodValidate(houseAdSchema, toInput),
  });

  const handleSubmit = async (values: Values) => {
    if (pending) return;
    try {
      await onSubmit(toInput(values));
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) form.setErrors(apiError.fields);
      else showError(apiError?.message);
    }
  };

  const imageUrl = form.values.imageUrl.trim();
  const phoneImageUrl = form.values.phoneImageUrl.trim();
  const zoneSize = form.values.zoneId ? adZoneSize(form.values.zoneId) : null;
  return (
    <form onSubmit={form.onSubmit(handleSubmit, focusFirstError)} noValidate aria-label="House ad">
      <Stack gap="md">
        <TextInput label="Name" withAsterisk description="For staff only" {...form.getInputProps('name')} />
        <Select
          label="Zone"
          withAsterisk
          placeholder="Where the ad shows"
          description={
            zoneSize
              ? `Banner ${zoneSize.width} × ${zoneSize.height} px; an image of another shape is fitted inside`
              : undefined
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={zoneOptions}
          {...form.getInputProps('zoneId')}
        />
        <TextInput
          label="Image URL"
          withAsterisk
          placeholder="/ads/spring.svg"
          description="A path on this site; images from other sites are blocked by the site's image policy"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('imageUrl')}
        />
        {imageUrl && isLinkTarget(imageUrl) && (
          <Image src={imageUrl} alt="Preview of the ad image" radius="sm" mah={140} fit="contain" />
        )}
        {zoneSize?.phone && (
          <>
            <TextInput
              label="Phone image URL"
              placeholder="/ads/spring-phone.svg"
              description={`For screens up to 600 px wide: ${zoneSize.phone.width} × ${zoneSize.phone.height} px with larger words. Without it phones show the wide banner, whose words are then too small to read.`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('phoneImageUrl')}
            />
            {phoneImageUrl && isLinkTarget(phoneImageUrl) && (
              <Image
                src={phoneImageUrl}
                alt="Preview of the phone image"
                radius="sm"
                mah={140}
                w="auto"
                fit="contain"
              />
            )}
          </>
        )}
        <TextInput
          label="Link"
          withAsterisk
          placeholder="/search?query=… or https://…"
          {...form.getInputProps('linkUrl')}
        />
        <TextInput
          label="Image description"
          withAsterisk
          description="Read aloud to people who cannot see the image"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('altText')}
        />
        <SimpleGrid cols={1}>
          <ActiveDatesFields form={form} what="ad" />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          When several ads are live in one zone, the zone shows one of them each day.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {initial ? 'Save Changes' : 'Create Ad'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
