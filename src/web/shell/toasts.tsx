import { notifications } from '@mantine/notifications';

export const successToastMs = 3000;
export const noMessageText = "Hmm, something's not quite right";

/** 'Success' or 'Success: {message}', closing after 3000 ms. */
export function showSuccess(message?: string) {
  notifications.show({
    color: 'green',
    message: message ? `Success: ${message}` : 'Success',
    autoClose: successToastMs,
  });
}

/** The generic error toast: the message, or 'Error'. */
export function showError(message?: string) {
  notifications.show({ color: 'red', message: message || 'Error', autoClose: 6000 });
}

/** A support error: the message plus 'Contact Support if you have questions'. */
export function showSupportError(message?: string) {
  notifications.show({
    color: 'red',
    title: message || noMessageText,
    message: 'Contact Support if you have questions',
    autoClose: 8000,
  });
}
