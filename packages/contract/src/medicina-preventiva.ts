import { onlyDigits } from '@portal/br';
import { z } from 'zod';
import { cpfSchema, membroRequest } from './comum';
import { textoLivre } from './texto';
import { protocoloCampos } from './servicos';
import { cidadeSchema, dataNascimentoSchema } from './venda';

/** docs/produto/medicina-preventiva.md "Data": the only programme listed is BemBebe. */
export const PROGRAMAS_PREVENTIVOS = ['BemBebe'] as const;
export type ProgramaPreventivo = (typeof PROGRAMAS_PREVENTIVOS)[number];

/** A landline (10 digits) or a mobile (11) with area code. */
export function isTelefoneValido(valor: string): boolean {
  return /^[1-9][1-9][2-5]\d{7}$/.test(valor) || /^[1-9][1-9]9\d{8}$/.test(valor);
}

export const telefoneSchema = z
  .union([z.string().max(20, 'Telefone inválido.'), z.number().int().nonnegative().max(99_999_999_999)], {
    error: 'Informe o telefone.',
  })
  .transform((v) => onlyDigits(v))
  .refine((v) => v.length > 0, { error: 'Informe o telefone.', abort: true })
  .refine(isTelefoneValido, 'Telefone inválido. Informe DDD e número, por exemplo (11) 98765-4321.');

export const programaSchema = z.enum(PROGRAMAS_PREVENTIVOS, { error: 'Selecione um programa.' });

/**
 * POST /api/MedicinaPreventiva/FazerInscricao (docs/produto/medicina-preventiva.md, "Data"). The CPF must be a beneficiary
 * the member may see (their own, or a relative's for the holder): another contract's CPF is not
 * found (404). Name and birth date must be the ones on file (422 DADOS_DIVERGENTES).
 */
export const fazerInscricaoRequestSchema = membroRequest({
  cpf: cpfSchema,
  nome: textoLivre({ nome: true, error: 'Informe o nome.' }).min(1, 'Informe o nome.').max(120, 'Nome inválido.'),
  dataNascimento: dataNascimentoSchema,
  cidade: cidadeSchema,
  telefone: telefoneSchema,
  programa: programaSchema,
});
export type FazerInscricaoRequest = z.input<typeof fazerInscricaoRequestSchema>;
/** Spec: the response has sucesso and erro (erro only on failure, in the error body). */
export const fazerInscricaoResponseSchema = z.object({
  sucesso: z.literal(true),
  mensagem: z.string(),
  ...protocoloCampos,
});
export type FazerInscricaoResponse = z.infer<typeof fazerInscricaoResponseSchema>;

/** The editable part of the enrolment form (name, CPF and birth date are read-only). */
export const inscricaoFormSchema = z.object({
  telefone: telefoneSchema,
  cidade: cidadeSchema,
  programa: z
    .string()
    .min(1, 'Selecione um programa.')
    .pipe(z.enum(PROGRAMAS_PREVENTIVOS, { error: 'Selecione um programa.' })),
});
export type InscricaoForm = z.input<typeof inscricaoFormSchema>;
