import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { type Testimonial, testimonialInputSchema } from '../../../../domain/marketing/testimonials';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { showError, showSuccess } from '../../../shell/toasts';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { usePhoneCards } from '../../../ui/phone-cards';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import {
  useAdminTestimonial,
  useAdminTestimonials,
  useDeleteTestimonial,
  useSaveTestimonial,
} from '../api/testimonials';

type Values = { quote: string; name: string; company: string; published: boolean };

function TestimonialForm({ initial, id }: { initial: Testimonial | null; id: number | null }) {
  const save = useSaveTestimonial(id);
  const remove = useDeleteTestimonial();
  const navigate = useNavigate();
  const form = useForm<Values>({
    initialValues: {
      quote: initial?.quote ?? '',
      name: initial?.name ?? '',
      company: initial?.company ?? '',
      published: initial?.published ?? false,
    },
    validate: zodValidate(testimonialInputSchema),
  });

  const submit = async (values: Values) => {
    if (save.isPending) return;
    try {
      await save.mutateAsync(values);
      showSuccess(id === null ? 'Testimonial added' : 'Testimonial saved');
      navigate(paths.adminTestimonials);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) {
        form.setErrors(apiError.fields);
        focusFirstError(apiError.fields);
      } else showError(apiError?.message);
    }
  };

  const confirmDelete = () =>
    id !== null &&
    modals.openConfirmModal({
      title: 'Delete this testimonial?',
      children: <Text size="sm">It disappears from the landing page at once.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => {
            showSuccess('Testimonial deleted');
            navigate(paths.adminTestimonials);
          },
        }),
    });

  return (
    <form onSubmit={form.onSubmit(submit, focusFirstError)} noValidate aria-label="Testimonial">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={760}>
        <Stack gap="md">
          <Textarea
            label="Quote"
            withAsterisk
            autosize
            minRows={3}
            maxLength={600}
            {...form.getInputProps('quote')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Name" withAsterisk style={{ minWidth: 200 }} {...form.getInputProps('name')} />
            <TextInput label="Company" style={{ minWidth: 200 }} {...form.getInputProps('company')} />
          </Group>
          <Checkbox
            label="Published"
            description="Shown on the landing page"
            {...form.getInputProps('published', { type: 'checkbox' })}
          />
          <Group justify="space-between">
            <Group gap="sm">
              <Button type="submit" loading={save.isPending} data-testid="save-testimonial">
                {id === null ? 'Add testimonial' : 'Save testimonial'}
              </Button>
              <Button variant="default" component={Link} to={paths.adminTestimonials}>
                Cancel
              </Button>
            </Group>
            {id !== null && (
              <Button variant="subtle" color="red" onClick={confirmDelete} loading={remove.isPending}>
                Delete
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}

/** /admin/testimonials: every testimonial, published or not. */
export function AdminTestimonialsPage() {
  const list = useAdminTestimonials();
  const phoneCards = usePhoneCards();
  return (
    <AdminFrame title="Testimonials">
      <Group justify="space-between" mb="md">
        <Text c="dimmed" size="sm">
          Customers’ words on the landing page. Only published ones show, newest first.
        </Text>
        <Button component={Link} to={paths.newTestimonial} leftSection={<IconPlus size={16} />}>
          New testimonial
        </Button>
      </Group>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <LoadErrorAlert
          title="Could not load the testimonials"
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <Text c="dimmed">No testimonials yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table
            ref={phoneCards}
            className="phone-cards"
            striped
            verticalSpacing="sm"
            data-testid="testimonials-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Quote</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td maw={420}>
                    <Anchor component={Link} to={paths.editTestimonial(item.id)} size="sm" lineClamp={2}>
                      “{item.quote}”
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.name}</Text>
                    {item.company && (
                      <Text size="xs" c="dimmed">
                        {item.company}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={item.published ? 'teal' : 'gray'} tt="none">
                      {item.published ? 'Published' : 'Draft'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </AdminFrame>
  );
}

export function NewTestimonialPage() {
  return (
    <AdminFrame title="New testimonial">
      <TestimonialForm initial={null} id={null} />
    </AdminFrame>
  );
}

export function EditTestimonialPage() {
  const id = Number(useParams().id);
  const item = useAdminTestimonial(id);
  return (
    <AdminFrame title="Edit testimonial">
      {item.isPending ? (
        <PageLoader />
      ) : item.isError ? (
        <LoadErrorAlert
          title="Could not load this testimonial"
          error={item.error}
          onRetry={() => item.refetch()}
        />
      ) : (
        <TestimonialForm key={item.data.updatedAt} initial={item.data} id={id} />
      )}
    </AdminFrame>
  );
}
