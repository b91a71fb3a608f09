import { lazy, Suspense, useState } from 'react';
import type { CompanyReadModalProps } from '../features/organizations/components/company-read-modal';

const CompanyReadModal = lazy(async () => ({
  default: (await import('../features/organizations/components/company-read-modal')).CompanyReadModal,
}));

/** The account menu's 'Company Profile' modal, loaded on first opening and mounted from then on. */
export function CompanyReadDialog(props: CompanyReadModalProps) {
  const [requested, setRequested] = useState(props.opened);
  if (props.opened && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <CompanyReadModal {...props} />
    </Suspense>
  );
}
