import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

/**
 * Main image, a strip of thumbnails and arrows that step through the images.
 */
export function ImageGallery({ images, title }: { images: readonly string[]; title: string }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const stripRef = useRef<HTMLUListElement>(null);
  const count = images.length;

  // Only once the shown image has changed: on the first render the first thumbnail is where the strip starts, and
  // scrolling to it would only force a layout of the whole page while it is being drawn.
  const scrolledTo = useRef(index);
  useEffect(() => {
    if (scrolledTo.current === index) return;
    scrolledTo.current = index;
    const thumb = stripRef.current?.children[index] as HTMLElement | undefined;
    thumb?.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
  }, [index]);

  if (count === 0) {
    return (
      <div className="gallery">
        <div className="gallery__main gallery__main--empty">{t`No image`}</div>
      </div>
    );
  }
  const step = (direction: 1 | -1) => setIndex((current) => (current + direction + count) % count);
  const position = index + 1;
  const showImage = (number: number) => t`Show image ${number}`;

  return (
    <div className="gallery">
      <div className="gallery__main">
        {/* The page's largest paint: fetched at once and first. The size only gives the ratio; CSS sizes it. */}
        <img
          src={images[index]}
          alt={count > 1 ? t`${title} (image ${position} of ${count})` : title}
          fetchPriority="high"
          width={600}
          height={600}
        />
      </div>
      <div className="gallery__strip">
        <button
          type="button"
          className="icon-button icon-button--outline"
          aria-label={t`Previous images`}
          onClick={() => step(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <ul ref={stripRef} className="gallery__thumbs" aria-label={t`Product images`}>
          {images.map((url, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a product's image list is fixed and may repeat a URL
            <li key={i}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={showImage(i + 1)}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                <img src={url} alt="" loading="lazy" width={72} height={72} />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="icon-button icon-button--outline"
          aria-label={t`Next images`}
          onClick={() => step(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
}
