import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Heading of a flow step. When a step changes, focus moves here so keyboard and screen-reader
 * users land on the new content (not on the first mount of the page).
 */
export function StepHeading({
  as: Tag = 'h1',
  focusOnMount,
  className,
  children,
}: {
  as?: 'h1' | 'h2';
  focusOnMount: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <Tag
      ref={ref}
      tabIndex={-1}
      className={cn(Tag === 'h1' ? 'text-2xl font-bold text-slate-900' : 'text-xl font-bold text-slate-900', className)}
    >
      {children}
    </Tag>
  );
}
