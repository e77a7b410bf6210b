// Broken on purpose: an image without a text alternative (jsx-a11y/alt-text).
export function ImageWithoutAlt() {
  return <img src="/kaaba.jpg" />;
}
