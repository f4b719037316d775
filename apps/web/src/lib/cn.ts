import { clsx, type ClassValue } from 'clsx';

/**
 * Class names joined with clsx. No tailwind-merge (≈ 8 KB gzip on the login route): components
 * avoid conflicting utilities instead, and callers only add classes, never override.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
