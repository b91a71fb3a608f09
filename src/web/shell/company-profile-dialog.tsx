import { lazy, Suspense, useState } from 'react';
import type { CompanyProfileModalProps } from '../features/organizations/components/company-profile-modal';

// The form (and its validation library) loads only when someone opens it, not with every page.
const CompanyProfileModal = lazy(async () => ({
  default: (await import('../features/organizations/components/company-profile-modal')).CompanyProfileModal,
}));

/**
 * 'Complete your company profile' for any page (the header's prompt, the home dashboard): the
 * organisations area's form, loaded on first opening and mounted from then on, so the modal keeps its
 * open and close transitions.
 */
export function CompanyProfileDialog(props: CompanyProfileModalProps) {
  const [requested, setRequested] = useState(props.opened);
  if (props.opened && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <CompanyProfileModal {...props} />
    </Suspense>
  );
}
