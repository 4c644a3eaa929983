// Shared by the pet form's photo and a sighting's (features/sightings).
// Spec section 5: any image file becomes a JPEG at quality 0.7 whose longer side is at most 800 px.
const PHOTO_MAX_SIDE = 800;
const PHOTO_QUALITY = 0.7;

interface DecodedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  release(): void;
}

/**
 * Photos decode straight from the file (camera rotation applied), with no URL in between. SVG,
 * which createImageBitmap does not take, goes through an <img>; it may have no intrinsic size,
 * in which case it is drawn at the largest size allowed.
 */
async function decodeImage(file: Blob): Promise<DecodedImage> {
  if (file.type !== 'image/svg+xml') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const release = () => URL.revokeObjectURL(url);
  const image = new Image();
  image.src = url;
  await image.decode().catch((error) => {
    release();
    throw error;
  });
  return {
    source: image,
    width: image.naturalWidth || PHOTO_MAX_SIDE,
    height: image.naturalHeight || PHOTO_MAX_SIDE,
    release,
  };
}

/** Any image the browser can decode, re-encoded as a JPEG data URL no larger than 800 px a side. */
export async function resizePhoto(file: Blob): Promise<string> {
  const image = await decodeImage(file);
  try {
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(image.width, image.height));
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));

    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot process images.');
    // JPEG has no transparency: without a background, transparent areas would turn black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image.source, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', PHOTO_QUALITY);
  } finally {
    image.release();
  }
}
