// The photo cropper of the article form (docs/RULES.md, 'Validation': aspect 25/19 for articles, 0.70625 for flyers). It
// only reports the chosen area in the picture's own pixels; cropToJpeg turns that into the upload.
// The crop frame can be moved with the arrow keys (react-easy-crop) and zoomed with the slider.
import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { Box, Slider, Stack, Text } from '@mantine/core';

export interface ImageCropperProps {
  /** An object URL or data URL of the chosen picture. */
  src: string;
  aspect: number;
  onAreaChange: (area: Area) => void;
}

export function ImageCropper({ src, aspect, onAreaChange }: ImageCropperProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  return (
    <Stack gap="xs">
      <Box pos="relative" h={280} bg="dark.6" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }} data-testid="foto-uitsnede">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_percent, pixels) => onAreaChange(pixels)}
          // The crop frame is focusable and moves with the arrow keys: name it, as a group (a plain div may not carry a label).
          cropperProps={{ role: 'group', 'aria-label': 'Uitsnede van de foto (verplaats met de pijltjestoetsen)' }}
        />
      </Box>
      <Text size="sm" id="zoom-label">
        Inzoomen
      </Text>
      <Slider
        aria-labelledby="zoom-label"
        thumbLabel="Inzoomen"
        min={1}
        max={3}
        step={0.05}
        value={zoom}
        onChange={setZoom}
        label={(v) => `${v.toFixed(1)}×`}
      />
    </Stack>
  );
}
