import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import { uploadForm } from '../../../api/client';
import type { components } from '../../../api/generated/openapi';

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
      return uploadForm<components['schemas']['ProductImageList']>(
        `/api/v1/products/${productId}/images`,
        form,
        onProgress,
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
    // The form shows the server's word under each field, or in an alert above the buttons.
    meta: { handlesErrors: true },
  });
}

/** Removes one photo (its supplier's users and staff may). */
export function useRemoveProductPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.DELETE('/api/v1/product_images/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
