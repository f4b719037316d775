import { formatCpf, maskEmail, maskPhone } from '@portal/br';
import { DEMO_CPF, DEMO_PASSWORD, DEMO_PESSOA } from '@portal/operadora/demo';

/**
 * The demo people, from the one module the seed and the API tests also read
 * (packages/operadora/src/demo.ts): CPF as the member types it, name, contacts on file and those
 * contacts masked as the portal shows them.
 */
export const SENHA = DEMO_PASSWORD;

type Quem = keyof typeof DEMO_PESSOA;

function pessoa<K extends Quem>(quem: K) {
  const p: { nome: string; email?: string; celular?: string } = DEMO_PESSOA[quem];
  return {
    cpf: formatCpf(DEMO_CPF[quem]),
    nome: p.nome,
    email: p.email ?? '',
    celular: p.celular ?? '',
    emailMascarado: maskEmail(p.email),
    celularMascarado: maskPhone(p.celular),
  };
}

// shared/demo-data.md's table.
export const MARIA = pessoa('maria');
export const CARLOS = pessoa('carlos');
export const ROBERTO = pessoa('roberto');
export const ANA = pessoa('anaBeatriz');
export const FERNANDA = pessoa('fernanda');
export const PAULO = pessoa('paulo');
export const NINGUEM = { cpf: formatCpf(DEMO_CPF.ninguem) };

// Active beneficiaries of the seed outside that table, with e-mail and mobile and no account yet.
export const MARCOS = pessoa('marcos');
export const JOAO = pessoa('joaoPedro');
