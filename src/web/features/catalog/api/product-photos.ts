import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, uploadForm } from '../../../api/client';
import type { ProductImage } from './get-product';

export type NewPhotos = {
  photos: File[];
  /** YYYY-MM-DD (the server also reads MM/DD/YYYY). */
  pictureTakenOn: string;
  public: boolean;
  branchId: number | null;
};

/** Adds photos to a product; the product (and every search showing it) is fetched anew after. */
export function useAddProductPhotos(productId: number, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewPhotos) => {
      const form = new FormData();
      form.append('pictureTakenOn', values.pictureTakenOn);
      form.append('public', String(values.public));
      if (values.branchId !== null) form.append('branchId', String(values.branchId));
      for (const photo of values.photos) form.append('photos', photo, photo.name);
      return uploadForm<{ results: ProductImage[] }>(
        `/api/v1/products/${productId}/images`,
        form,
        onProgress,
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

/** Removes one photo (its supplier's users and staff may). */
export function useRemoveProductPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/api/v1/product_images/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
