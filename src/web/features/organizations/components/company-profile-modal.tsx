import { Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Company } from '../api/company';
import { CompanyProfileForm } from './company-profile-form';

export type CompanyProfileModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Called after the company was created; the modal then closes itself. */
  onSaved: (company: Company) => void;
};

/** 'Complete your company profile': creates the signed-in user's company (header, home and profile page). */
export function CompanyProfileModal({ opened, onClose, onSaved }: CompanyProfileModalProps) {
  const phone = useMediaQuery('(max-width: 599px)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Complete your company profile"
      size="lg"
      fullScreen={phone}
      // A misplaced click must not throw away a half-filled form; Esc and the close button still work.
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text c="dimmed" size="sm" mb="lg">
        Tell us about your business so suppliers know who they are quoting and where to deliver.
      </Text>
      <CompanyProfileForm
        onSaved={(company) => {
          onSaved(company);
          onClose();
        }}
      />
    </Modal>
  );
}
