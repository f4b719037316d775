import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const buttonVariants = cva(
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900',
        secondary: 'bg-brand-100 text-brand-900 hover:bg-brand-200',
        outline: 'border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
        ghost: 'text-brand-800 hover:bg-brand-50',
        destructive: 'bg-red-700 text-white hover:bg-red-800',
        link: 'min-h-0 px-0 text-brand-700 underline underline-offset-4 hover:text-brand-900',
      },
      size: {
        md: 'h-12',
        sm: 'h-11 px-3 text-[15px]',
        lg: 'h-14 px-6 text-lg',
        icon: 'size-11 px-0',
        inline: '',
      },
      block: { true: 'w-full' },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

/** For links styled as buttons, use `buttonVariants()` on the <Link>. */
export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, block, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonVariants({ variant, size: variant === 'link' && !size ? 'inline' : size, block }), className)}
      {...props}
    />
  );
}
