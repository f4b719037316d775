import { Link } from 'react-router';

/** 'Já tem conta? Faça login aqui.' — on every registration screen (docs/produto/acesso.md, "Screens"). */
export function LoginLink() {
  return (
    <p className="mt-6 text-center">
      <Link
        to="/login"
        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
      >
        Já tem conta? Faça login aqui.
      </Link>
    </p>
  );
}
