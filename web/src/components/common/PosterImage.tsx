import { useState, type ImgHTMLAttributes } from 'react';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError' | 'width' | 'height'> & {
  src: string;
  /** Our generated poster, shown if src (TMDB's image) fails to load. */
  fallbackSrc: string;
  width: number;
  height: number;
};

/**
 * A poster that swaps to our generated one when the TMDB image cannot be loaded (blocked, gone,
 * offline CDN). Width and height are fixed (2:3), so the swap never moves the page.
 */
export function PosterImage({ src, fallbackSrc, width, height, style, ...rest }: Props) {
  // The src that failed: a new src (another title) gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      {...rest}
      src={failed === src ? fallbackSrc : src}
      width={width}
      height={height}
      style={{ aspectRatio: `${width} / ${height}`, ...style }}
      onError={() => {
        if (failed !== src && src !== fallbackSrc) setFailed(src);
      }}
    />
  );
}
