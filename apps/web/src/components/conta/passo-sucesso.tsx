import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StepHeading } from '@/components/step-heading';
import { buttonVariants } from '@/components/ui/button';

interface SuccessPanelProps {
  title: string;
  children: ReactNode;
  linkTo: string;
  linkLabel: string;
  /** Router state for the link (the CPF for the login step: in memory, never in the URL). */
  linkState?: unknown;
  focusOnMount: boolean;
}

/** Last step of a sign-in journey ('Conta Criada!', 'Senha Alterada!'): check mark, heading, text, one way on. */
export function SuccessPanel({ title, children, linkTo, linkLabel, linkState, focusOnMount }: SuccessPanelProps) {
  return (
    <div className="space-y-5 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-emerald-700" />
      <StepHeading as="h2" focusOnMount={focusOnMount}>
        {title}
      </StepHeading>
      <p className="text-slate-700">{children}</p>
      <Link to={linkTo} state={linkState} className={buttonVariants({ block: true })}>
        {linkLabel}
      </Link>
    </div>
  );
}
