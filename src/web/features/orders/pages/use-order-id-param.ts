import { useParams } from 'react-router';

/** The order id of an /orders/{id}-style route, or null when it is not a positive whole number. */
export function useOrderIdParam(): number | null {
  const { id = '' } = useParams();
  const value = Number(id);
  return /^\d+$/.test(id) && value > 0 ? value : null;
}
