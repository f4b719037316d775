import { isValidEmail, isValidMobile, onlyDigits } from '@portal/br';
import { z } from 'zod';
import { LIMITES } from './limites';
import { senhaLoginSchema, senhaSchema } from './comum';

/**
 * Form schemas of the sign-in screens, shared by the web app (react-hook-form's zodResolver) and
 * built from the same pieces the API validates with. Messages are the docs/produto/acesso.md "Validation" texts; the web app
 * pairs each with its toast title. (The first screen, the CPF step, checks with a plain function
 * to keep zod off the login route: docs/decisions/0003.)
 */

/** Login password step: required. */
export const senhaLoginFormSchema = z.object({ senha: senhaLoginSchema });
export type SenhaLoginForm = z.infer<typeof senhaLoginFormSchema>;

/** New password + confirmation: required, at least 6, equal (only judged once the password is fine). */
export const novaSenhaFormSchema = z
  .object({ senha: senhaSchema, confirmacaoSenha: z.string() })
  .refine((v) => v.senha === v.confirmacaoSenha, {
    message: 'As senhas digitadas não são iguais.',
    path: ['confirmacaoSenha'],
  });
export type NovaSenhaForm = z.infer<typeof novaSenhaFormSchema>;

/** Verification code typed by the member: required, then exactly 6 digits. */
export const codigoFormSchema = z.object({
  codigo: z
    .string()
    .transform((v) => onlyDigits(v))
    .pipe(
      z
        .string()
        .min(1, 'Digite pelo menos um código de verificação.')
        .length(LIMITES.codigoTamanho, 'O código deve ter 6 dígitos.'),
    ),
});
export type CodigoForm = z.input<typeof codigoFormSchema>;

/** /cadastro contacts: at least one of e-mail and mobile, each well formed when given. */
export const contatosFormSchema = z
  .object({
    email: z
      .string()
      .trim()
      .max(254)
      .refine((v) => v === '' || isValidEmail(v), 'Digite um e-mail válido.'),
    celular: z.string().refine((v) => onlyDigits(v) === '' || isValidMobile(v), {
      message: 'Digite um celular com DDD, por exemplo (11) 98765-4321.',
    }),
  })
  .refine((v) => v.email !== '' || onlyDigits(v.celular) !== '', {
    message: 'Informe um e-mail ou um celular.',
    path: ['email'],
  });
export type ContatosForm = z.input<typeof contatosFormSchema>;
