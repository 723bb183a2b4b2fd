/** The longest side of a photo sent from the phone: enough to see the problem, a tenth of a camera's file. */
export const MAX_SIDE = 1600;

/**
 * A photo made smaller on the phone before it is sent (a canvas, JPEG): a slow network carries a few hundred
 * kilobytes instead of several megabytes. Turned upright by its EXIF orientation; the canvas keeps no metadata.
 */
export async function resizePhoto(file: Blob, maxSide = MAX_SIDE): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' } as ImageBitmapOptions);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob'))), 'image/jpeg', 0.8));
}
