import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../../test/render';
import { ImageGallery } from './image-gallery';

const images = ['/media/a.svg', '/media/b.svg', '/media/c.svg'];

describe('ImageGallery', () => {
  // jsdom lays nothing out and has no scrollIntoView; the spy stands in for the browser's.
  const scrollIntoView = vi.fn();
  beforeEach(() => {
    scrollIntoView.mockClear();
    HTMLElement.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => {
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
  });

  it('scrolls the thumbnail strip only once the shown image changes, never while the page is first drawn', async () => {
    renderWithI18n(<ImageGallery images={images} title="Aurora" />);
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Aurora (image 1 of 3)');
    expect(scrollIntoView).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Next images' }));
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Aurora (image 2 of 3)');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(
      screen.getByRole('button', { name: 'Show image 2' }).closest('li'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Show image 2' }));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Previous images' }));
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
  });
});
