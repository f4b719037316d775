import { isValidCnpj, JUROS_MENSAIS_MAXIMOS_PERCENTUAL, MULTA_MAXIMA_PERCENTUAL } from '@portal/br';
import { z } from 'zod';

/**
 * What differs between operators and the browser may see (GET /api/Operadora/Configuracao, and
 * inlined in index.html so the first paint is already branded). The API validates it at start
 * from OPERADORA_DIR/operadora.json plus OPERADORA_* environment overrides.
 */
const url = z.url({ protocol: /^https?$/, error: 'deve ser um endereço http(s) válido' });
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'deve ser uma cor #rrggbb');
/** A path served by the portal (/operadora/...) or an absolute URL. */
const asset = z.string().regex(/^(\/[\w\-./]+|https:\/\/\S+)$/, 'deve ser um caminho /... ou https://...');
const telefone = z.string().regex(/^[\d\s()+-]{8,20}$/, 'deve ser um telefone (0800 000 0000)');

const bannerSchema = z.object({
  id: z.string().regex(/^[\w-]+$/),
  alt: z.string().min(10, 'texto alternativo muito curto'),
  /** Widths available as {id}-{largura}.webp / .avif under banners/. */
  larguras: z.array(z.number().int().positive()).min(1),
});
export type Banner = z.infer<typeof bannerSchema>;

/** How an overdue installment is paid (decision 0021). Numbers may come from the environment as text. */
const percentual = (maximo: number, padrao: number) =>
  z.coerce
    .number({ error: 'deve ser um número' })
    .min(0, 'não pode ser negativo')
    .max(maximo, `passa do limite legal de ${maximo}%`)
    .default(padrao);
export const MODOS_ATRASO = ['boletoAtualizado', 'instrucao'] as const;
export const atrasoSchema = z
  .object({
    /**
     * 'boletoAtualizado': the portal issues an updated boleto (due today, amount plus the fine and
     * the interest below) and the PIX carries the same amount. 'instrucao': it shows `instrucao`
     * instead (the operator's own way: call the central, a bank's updated boleto...).
     */
    modo: z.enum(MODOS_ATRASO).default('boletoAtualizado'),
    /** Multa, percent of the amount, charged once (CDC art. 52 §1º: at most 2 %). */
    multaPercentual: percentual(MULTA_MAXIMA_PERCENTUAL, 2),
    /** Juros de mora, percent a month, pro rata die (at most 1 % a month). */
    jurosMensalPercentual: percentual(JUROS_MENSAIS_MAXIMOS_PERCENTUAL, 1),
    /** What a member with an overdue installment is told in mode 'instrucao'. */
    instrucao: z.string().trim().min(20, 'texto muito curto').max(400).nullable().default(null),
  })
  .refine((a) => a.modo !== 'instrucao' || a.instrucao !== null, {
    message: "o modo 'instrucao' precisa do texto em atraso.instrucao",
    path: ['instrucao'],
  });
export type Atraso = z.infer<typeof atrasoSchema>;

export const operadoraSchema = z.object({
  nome: z.string().min(2).max(60),
  razaoSocial: z.string().min(2).max(120),
  cnpj: z.string().refine(isValidCnpj, 'CNPJ inválido'),
  /** Registro ANS da operadora: 6 digits. */
  registroAns: z.string().regex(/^\d{6}$/, 'deve ter 6 dígitos'),
  site: url,
  logo: asset,
  logoBranco: asset,
  /** Brand colour; the shades are derived from it. Must read on white (contrast ≥ 4.5:1). */
  corPrimaria: hex,
  centralAtendimento: telefone,
  /** Regulator hotline (Disque ANS). */
  disqueAns: telefone,
  links: z.object({
    teleMedicina: url,
    whatsapp: url,
    faq: url,
    ans: url,
    nucleosAns: url,
    politicaPrivacidade: url,
    procedimentosRessonancia: url,
    procedimentosTomografia: url,
    procedimentosUltrassom: url,
    termoAdesaoSos: url,
    contratoSos: url,
    termoAdesaoOrtopedico: url,
    contratoOrtopedico: url,
  }),
  /**
   * Partner of the benefits club (/beneficios): Clube/SmartLinkLogin signs a short-lived link to
   * `url` (decision 0013). Null: the operator has no club.
   */
  clube: z.object({ nome: z.string().min(2).max(60), url }).nullable(),
  /** Home carousel: 4 images above 768 px, 3 below (docs/produto/home.md, "Screens"). */
  banners: z.object({
    desktop: z.array(bannerSchema).length(4, 'deve ter 4 imagens'),
    mobile: z.array(bannerSchema).length(3, 'deve ter 3 imagens'),
  }),
  /** Static PIX key for installments; without it the PIX tab says it is coming soon. */
  pix: z
    .object({
      chave: z.string().min(1).max(77),
      nomeRecebedor: z.string().min(1).max(25),
      cidade: z.string().min(1).max(15),
    })
    .nullable(),
  /** Overdue installments: updated boleto (default: 2 % fine, 1 % a month) or an instruction. */
  atraso: atrasoSchema.default({
    modo: 'boletoAtualizado',
    multaPercentual: 2,
    jurosMensalPercentual: 1,
    instrucao: null,
  }),
});
export type Operadora = z.infer<typeof operadoraSchema>;
