import type { HTMLAttributes } from 'react';

// iconify-icon is a web component; React 19 passes these attributes through to it.
type IconifyIconAttributes = HTMLAttributes<HTMLElement> & {
  icon: string;
  width?: string | number;
  height?: string | number;
  inline?: boolean;
  noobserver?: boolean;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'iconify-icon': IconifyIconAttributes;
    }
  }
}

declare global {
  interface Window {
    IconifyPreload?: unknown;
    IconifyProviders?: Record<string, { resources: string[] }>;
  }
}
