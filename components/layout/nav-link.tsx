'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { ComponentProps } from 'react';

type NavLinkProps = Omit<ComponentProps<typeof Link>, 'href' | 'prefetch'> & { href: string };

/**
 * A link to a section of the app that prefetches it when the user shows intent (pointer over
 * it, a touch starting, keyboard focus) instead of as soon as it is on screen. The menus' links
 * are always on screen, and prefetching four sections at once landed in the middle of loading
 * the page's own view, blocking a phone's main thread (decision 0027).
 */
export function NavLink({ href, onMouseEnter, onTouchStart, onFocus, ...props }: NavLinkProps) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <Link
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        prefetch();
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        prefetch();
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
