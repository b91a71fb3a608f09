import { Button, Group, Modal, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../paths';

export const unapprovedCartText =
  'Your account is not approved to build carts yet. Our team reviews every new account to confirm it belongs to a landscape professional. Contact us and we will help you get set up.';

/** Shown instead of the create-cart form to users whose account may not use carts yet. */
export function UnapprovedCartModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Your account is not approved yet" centered>
      <Text size="sm">{unapprovedCartText}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button component={Link} to={paths.contact} onClick={onClose}>
          Contact us
        </Button>
      </Group>
    </Modal>
  );
}
