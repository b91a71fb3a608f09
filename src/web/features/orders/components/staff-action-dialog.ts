import type { AdminOrderDetail, StaffActionAnswer } from '../api/staff-orders';

/** What every staff action dialog gets from the staff actions panel. */
export type StaffActionDialogProps = {
  order: AdminOrderDetail;
  onClose: () => void;
  onDone: (text: string, answer?: StaffActionAnswer) => void;
  /** True when the failure was a conflict the panel now shows. */
  onConflict: (error: Error) => boolean;
};
