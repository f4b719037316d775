import { isValidCnpj, isValidCns, isValidCpf } from '@portal/br';
import {
  TEXTO_COM_CONTROLE,
  TEXTO_COM_CONTROLE_DE_DIRECAO,
  temCaractereDeControle,
  temControleDeDirecao,
} from '@portal/contract';
import { z } from 'zod';
import type { Queryable } from '../../db/db';

/**
 * Field parsers of the import layouts. Every value arrives as text (a CSV cell, or a JSON Lines value
 * turned into text) and leaves normalised as text ready for a SQL cast: digits only for documents,
 * ISO dates, whole cents for money — never a float on the way (decision 0022).
 */

/**
 * The same rule in SQL, for the PostgreSQL import that stages the raw file by COPY (decision 0037):
 * each takes a SQL expression of the trimmed, non-empty text. `preparo` (optional) is computed
 * once per row; `erro` and `valor` read it — `erro` is null when the value is good, else the same
 * Portuguese message as the parser; `valor` is the normalised text (used only when `erro` is null).
 * `parity.test.ts` feeds the same values through both.
 */
export interface RegraSql {
  preparo?: (v: string) => string;
  erro: (p: string) => string;
  valor: (p: string) => string;
}

/** A parser: the normalised value, or the Portuguese message of what is wrong; `sql`: the same rule in SQL. */
export type Parser = ((v: string) => string | { erro: string }) & { sql?: RegraSql };

const erro = (mensagem: string) => ({ erro: mensagem });
const comSql = (parser: (v: string) => string | { erro: string }, sql: RegraSql): Parser =>
  Object.assign(parser, { sql });

/** What JavaScript's trim() and `\s` take as white space (ECMA-262 WhiteSpace and LineTerminator). */
export const ESPACOS_JS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
/** A SQL string literal (the text has no quote to escape, or it is doubled). */
export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** JavaScript's length (UTF-16 units): a character beyond U+FFFF counts twice. */
const maisQue = (v: string, max: number) =>
  `(char_length(${v}) > ${max} or (char_length(${v}) * 2 > ${max} and 2 * char_length(${v}) - char_length(regexp_replace(${v}, '[\\U00010000-\\U0010FFFF]', '', 'g')) > ${max}))`;
const soDigitos = (v: string, n: string) => `${v} ~ '^[0-9]${n}$'`;
/** The sum of the digits of `d` (text) weighted `peso` down from position `de` (1-based) for `n` digits. */
const somaPonderada = (d: string, n: number, peso: number) =>
  Array.from({ length: n }, (_, i) => `(ascii(substr(${d}, ${i + 1}, 1)) - 48) * ${peso - i}`).join(' + ');
const dvSql = (d: string, n: number) => `(((${somaPonderada(d, n, n + 1)}) * 10) % 11) % 10`;

/** Free text of at most `max` characters; `maximo` is what the layout's docs show beside "texto". */
export const texto = (max = 200): Parser & { maximo: number } =>
  Object.assign(
    comSql((v) => (v.length > max ? erro(`Texto com mais de ${max} caracteres.`) : v), {
      erro: (v) => `case when ${maisQue(v, max)} then ${lit(`Texto com mais de ${max} caracteres.`)} end`,
      valor: (v) => v,
    }),
    { maximo: max },
  );

/** Digits with their usual punctuation (`.`, `-`, `/`, spaces, and `extras`) taken out. */
export const digitos = (min: number, max = min, extras = ''): Parser => {
  const fora = new RegExp(`[.\\-/\\s${extras.replace(/[\]\\^-]/g, '\\$&')}]`, 'g');
  const tamanho = min === max ? `Deve ter ${min} dígitos.` : `Deve ter de ${min} a ${max} dígitos.`;
  return comSql(
    (v) => {
      const d = v.replace(fora, '');
      if (!/^\d+$/.test(d)) return erro('Use apenas números.');
      if (d.length < min || d.length > max) return erro(tamanho);
      return d;
    },
    {
      preparo: (v) => `regexp_replace(${v}, ${lit(`[-./${extras}${ESPACOS_JS}]`)}, '', 'g')`,
      erro: (d) =>
        `case when not ${soDigitos(d, '+')} then 'Use apenas números.' when char_length(${d}) not between ${min} and ${max} then ${lit(tamanho)} end`,
      valor: (d) => d,
    },
  );
};

export const cpf: Parser = comSql(
  (v) => {
    const d = v.replace(/[.\-\s]/g, '');
    if (!/^\d{11}$/.test(d)) return erro('CPF deve ter 11 dígitos.');
    return isValidCpf(d) ? d : erro('CPF inválido: os dígitos verificadores não conferem.');
  },
  {
    preparo: (v) => `regexp_replace(${v}, ${lit(`[-.${ESPACOS_JS}]`)}, '', 'g')`,
    // isValidCpf: not one repeated digit, and both check digits (@portal/br).
    erro: (d) =>
      `case when not ${soDigitos(d, '{11}')} then 'CPF deve ter 11 dígitos.'
            when ${d} = repeat(left(${d}, 1), 11) or ${dvSql(d, 9)} <> ascii(substr(${d}, 10, 1)) - 48
              or ${dvSql(d, 10)} <> ascii(substr(${d}, 11, 1)) - 48
            then 'CPF inválido: os dígitos verificadores não conferem.' end`,
    valor: (d) => d,
  },
);

export const cns: Parser = comSql(
  (v) => {
    const d = v.replace(/\s/g, '');
    if (!/^\d{15}$/.test(d)) return erro('CNS deve ter 15 dígitos.');
    return isValidCns(d) ? d : erro('CNS inválido: os dígitos verificadores não conferem.');
  },
  {
    preparo: (v) => `regexp_replace(${v}, ${lit(`[${ESPACOS_JS}]`)}, '', 'g')`,
    // isValidCns: starts with 1, 2, 7, 8 or 9, and the digits weighted 15 down to 1 add up to a multiple of 11.
    erro: (d) =>
      `case when not ${soDigitos(d, '{15}')} then 'CNS deve ter 15 dígitos.'
            when left(${d}, 1) not in ('1', '2', '7', '8', '9') or (${somaPonderada(d, 15, 15)}) % 11 <> 0
            then 'CNS inválido: os dígitos verificadores não conferem.' end`,
    valor: (d) => d,
  },
);

export const cnpj: Parser = (v) => {
  const d = v.replace(/[.\-/\s]/g, '');
  if (!/^\d{14}$/.test(d)) return erro('CNPJ deve ter 14 dígitos.');
  return isValidCnpj(d) ? d : erro('CNPJ inválido: os dígitos verificadores não conferem.');
};

function diaValido(a: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(a, m - 1, d));
  return a >= 1900 && a <= 2100 && dt.getUTCFullYear() === a && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** AAAA-MM-DD (ISO, as TISS and SIB files carry it) or DD/MM/AAAA. */
const dataJs = (v: string) => {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  let [a, mes, d] = m ? [m[1], m[2], m[3]] : [];
  if (!m) {
    m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
    if (m) [d, mes, a] = [m[1], m[2], m[3]];
  }
  if (!a || !mes || !d) return erro('Data inválida: use AAAA-MM-DD ou DD/MM/AAAA.');
  if (!diaValido(Number(a), Number(mes), Number(d))) return erro('Data inexistente.');
  return `${a}-${mes}-${d}`;
};
const ano = (iso: string) => `substr(${iso}, 1, 4)::int`;
const mes = (iso: string) => `substr(${iso}, 6, 2)::int`;
const dia = (iso: string) => `substr(${iso}, 9, 2)::int`;
export const data: Parser = comSql(dataJs, {
  preparo: (v) =>
    `case when ${v} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then ${v}
          when ${v} ~ '^[0-9]{2}/[0-9]{2}/[0-9]{4}$' then substr(${v}, 7, 4) || '-' || substr(${v}, 4, 2) || '-' || substr(${v}, 1, 2) end`,
  // diaValido: a year from 1900 to 2100, a month, a day of that month.
  erro: (iso) =>
    `case when ${iso} is null then 'Data inválida: use AAAA-MM-DD ou DD/MM/AAAA.'
          when ${ano(iso)} not between 1900 and 2100 or ${mes(iso)} not between 1 and 12 or ${dia(iso)} < 1
            or ${dia(iso)} > case when ${mes(iso)} = 2 then
                                    case when ${ano(iso)} % 4 = 0 and (${ano(iso)} % 100 <> 0 or ${ano(iso)} % 400 = 0) then 29 else 28 end
                                  when ${mes(iso)} in (4, 6, 9, 11) then 30 else 31 end
          then 'Data inexistente.' end`,
  valor: (iso) => iso,
});

/**
 * A date and time: AAAA-MM-DDTHH:MM[:SS] with an optional offset (Z, -03:00), or a date alone
 * (midnight). Without an offset, Brasília time (-03:00) as TISS files carry it.
 */
export const dataHora: Parser = (v) => {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/.exec(v);
  if (!m) return erro('Data e hora inválidas: use AAAA-MM-DDTHH:MM:SS (ou só AAAA-MM-DD).');
  const d = data(m[1]!);
  if (typeof d !== 'string') return d;
  const [hh = '00', mm = '00', ss = '00'] = [m[2], m[3], m[4]];
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return erro('Hora inexistente.');
  return `${d}T${hh}:${mm}:${ss}${m[5] ?? '-03:00'}`;
};

export const inteiro =
  (min: number, max: number): Parser =>
  (v) =>
    /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max
      ? String(Number(v))
      : erro(`Use um número inteiro de ${min} a ${max}.`);

/** AAAA-MM or MM/AAAA: the first day of that month. */
export const competencia: Parser = (v) => {
  const iso = /^(\d{4})-(\d{2})$/.exec(v);
  const br = /^(\d{2})\/(\d{4})$/.exec(v);
  const [a, mes] = iso ? [iso[1], iso[2]] : br ? [br[2], br[1]] : [];
  if (!a || !mes) return erro('Competência inválida: use AAAA-MM ou MM/AAAA.');
  if (Number(mes) < 1 || Number(mes) > 12) return erro('Competência inválida: mês fora de 01 a 12.');
  return `${a}-${mes}-01`;
};

/**
 * Money as a decimal with at most 2 places: 1234.56, 1234,56 or 1.234,56. Returned as whole
 * cents (text), computed on the digits — no float ever holds the value.
 */
export const dinheiro: Parser = (v) => {
  let inteiro: string | undefined;
  let frac = '';
  const ponto = /^(\d+)(?:\.(\d{1,2}))?$/.exec(v);
  const virgula = /^(\d{1,3}(?:\.\d{3})*|\d+),(\d{1,2})$/.exec(v) ?? /^(\d{1,3}(?:\.\d{3})+)$/.exec(v);
  if (ponto) [inteiro, frac] = [ponto[1], ponto[2] ?? ''];
  else if (virgula) [inteiro, frac] = [virgula[1]!.replace(/\./g, ''), virgula[2] ?? ''];
  if (inteiro === undefined)
    return erro(
      /^-\s*\d/.test(v)
        ? 'Valor negativo não é aceito: use um número positivo com até 2 casas (ex.: 1234.56).'
        : 'Valor inválido: use um número decimal com até 2 casas (ex.: 1234.56).',
    );
  if (inteiro.length > 13) return erro('Valor grande demais.');
  const centavos = (inteiro + frac.padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  return centavos;
};

/** How many times a table a plan pays (the reimbursement multiple): a decimal with up to 2 places, 0,01 to 100. */
export const multiplo: Parser = (v) => {
  const centavos = dinheiro(v);
  if (typeof centavos !== 'string' || Number(centavos) < 1 || Number(centavos) > 10_000)
    return erro('Múltiplo inválido: use um número de 0,01 a 100 com até 2 casas (ex.: 2 ou 2,5).');
  return `${centavos.slice(0, -2) || '0'}.${centavos.slice(-2).padStart(2, '0')}`;
};

/** Accented letters and what they compare as (the same list in JavaScript and in SQL's translate()). */
const COM_ACENTO = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇáàâãäéèêëíìîïóòôõöúùûüç';
const SEM_ACENTO = 'AAAAAEEEEIIIIOOOOOUUUUCaaaaaeeeeiiiiooooouuuuc';
const ESPACOS_RE = new RegExp(`[${ESPACOS_JS}]+`, 'g');

/**
 * How a coded value is compared: without combining marks or accents, in upper case, white space
 * made one space and none around `+` and `/` ('Cônjuge' = 'CONJUGE', 'Ambulatorial+Hospitalar' =
 * 'AMBULATORIAL + HOSPITALAR'). `chaveSql` is the same in SQL.
 */
export function chaveDeOpcao(v: string): string {
  const semMarcas = v.replace(/[\u0300-\u036f]/g, '');
  const semAcento = Array.from(semMarcas, (c) => {
    const i = COM_ACENTO.indexOf(c);
    return i >= 0 ? SEM_ACENTO[i]! : c;
  }).join('');
  return semAcento
    .toUpperCase()
    .replace(ESPACOS_RE, ' ')
    .replace(/ ?([+/]) ?/g, '$1');
}
const chaveSql = (v: string) =>
  `regexp_replace(regexp_replace(upper(translate(regexp_replace(${v}, '[\\u0300-\\u036f]', '', 'g'), ${lit(COM_ACENTO)}, ${lit(SEM_ACENTO)})), ${lit(`[${ESPACOS_JS}]+`)}, ' ', 'g'), ' ?([+/]) ?', '\\1', 'g')`;

/** A parser of a coded column, with the list its docs show (`tipo`). */
export type ParserDeOpcoes = Parser & { tipo: string };

/**
 * A coded column (pentest defect 13): one of `valores`, stored as written there (the canonical
 * value), whatever the case, accents or spacing of the file; also accepted: the standard's codes
 * (`codigos`, e.g. SIB's '3' for CÔNJUGE, named after `fonte`) and `sinonimos` (other words). Anything
 * else is refused with the list of the values and their codes, which is also the docs' `tipo`.
 */
export const opcoes = (
  valores: readonly string[],
  sinonimos: Record<string, string> = {},
  { codigos = {}, fonte = 'SIB' }: { codigos?: Record<string, string>; fonte?: string } = {},
): ParserDeOpcoes => {
  const codigosDe = (v: string) =>
    Object.entries(codigos)
      .filter(([, para]) => para === v)
      .map(([c]) => c);
  const comCodigos = valores.map((v) => {
    const c = codigosDe(v);
    return c.length ? `${v} (${fonte} ${c.join(', ')})` : v;
  });
  const mensagem = `Valor não aceito: use ${comCodigos.join(', ')}.`;
  const mapa = new Map<string, string>();
  const por = (de: string, para: string) => {
    if (!valores.includes(para)) throw new Error(`opcoes: ${de} → ${para}, que não é um dos valores`);
    const k = chaveDeOpcao(de);
    const antes = mapa.get(k);
    if (antes !== undefined && antes !== para) throw new Error(`opcoes: ${de} é ${antes} e ${para}`);
    mapa.set(k, para);
  };
  for (const v of valores) por(v, v);
  for (const [de, para] of [...Object.entries(codigos), ...Object.entries(sinonimos)]) por(de, para);
  const casos = [...mapa.entries()];
  const parser = comSql((v) => mapa.get(chaveDeOpcao(v)) ?? erro(mensagem), {
    preparo: (v) =>
      `case ${chaveSql(v)} ${casos.map(([de, para]) => `when ${lit(de)} then ${lit(para)}`).join(' ')} end`,
    erro: (r) => `case when ${r} is null then ${lit(mensagem)} end`,
    valor: (r) => r,
  });
  return Object.assign(parser, { tipo: comCodigos.join(' | ') });
};

export const simNao: Parser = (v) => {
  const u = v.toUpperCase();
  if (['S', 'SIM', 'TRUE', '1'].includes(u)) return 'true';
  if (['N', 'NAO', 'NÃO', 'FALSE', '0'].includes(u)) return 'false';
  return erro('Use S ou N.');
};

export const email: Parser = comSql(
  (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) && v.length <= 254 ? v.toLowerCase() : erro('E-mail inválido.')),
  {
    erro: (v) =>
      `case when not ${v} ~ ${lit(`^[^@${ESPACOS_JS}]+@[^@${ESPACOS_JS}]+[.][^@${ESPACOS_JS}]+$`)} or ${maisQue(v, 254)}
            then 'E-mail inválido.' end`,
    valor: (v) => `lower(${v})`,
  },
);

/** The messages `esquemaDaLinha` gives before a column's parser (the SQL twin gives the same). */
export const MENSAGEM_OBRIGATORIO = 'Campo obrigatório não preenchido.';
/** U+FFFD is what a byte that is not UTF-8 became. */
export const MENSAGEM_CODIFICACAO =
  'Caractere inválido em UTF-8: o arquivo parece estar em ISO-8859-1 (use a codificação iso-8859-1).';

/**
 * The free-text rules of the members' own fields (decision 0020, `textoLivre`), for every value of a
 * file: no control character (NUL, ESC, DEL, C1…; a value may keep a tab or a line break, as the
 * members' multi-line fields do) and, as in names, no bidirectional control (U+202E…), which would
 * show members and staff another text than the one stored.
 */
export const MENSAGEM_CONTROLE = TEXTO_COM_CONTROLE;
export const MENSAGEM_CONTROLE_DE_DIRECAO = TEXTO_COM_CONTROLE_DE_DIRECAO;
/** The same two rules in SQL (PostgreSQL's regular expressions; NUL never reaches PostgreSQL: see leitura-copia). */
export const CONTROLE_SQL = lit('[\\u0001-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]');
export const CONTROLE_DE_DIRECAO_SQL = lit('[\\u202a-\\u202e\\u2066-\\u2069]');

/** One column of a layout: what the docs show and how its value is read. */
export interface Coluna {
  nome: string;
  tipo: string;
  obrigatoria: boolean;
  /** The standard the name and meaning come from. */
  padrao: string;
  descricao: string;
  exemplo: string;
  parser: Parser;
}

export const col = (
  nome: string,
  obrigatoria: boolean,
  tipo: string,
  padrao: string,
  descricao: string,
  exemplo: string,
  parser: Parser,
): Coluna => ({
  nome,
  obrigatoria,
  // Every text column's docs give its maximum length (the parser's own).
  tipo: tipo === 'texto' && 'maximo' in parser ? `texto (até ${String(parser.maximo)})` : tipo,
  padrao,
  descricao,
  exemplo,
  parser,
});

/**
 * The zod schema of one row: every column as text in, normalised text (or null when empty and
 * optional) out. Exported per entity for the OpenAPI document (`z.toJSONSchema(…, { io: 'input' })`).
 */
export function esquemaDaLinha(colunas: readonly Coluna[]) {
  const forma: Record<string, z.ZodType<string | null, string | undefined>> = {};
  for (const c of colunas) {
    const base = z
      .string({
        error: (issue) => (issue.input === undefined ? MENSAGEM_OBRIGATORIO : 'Campo deve ser texto ou número.'),
      })
      .describe(`${c.descricao} (${c.padrao}). Ex.: ${c.exemplo}`);
    const lido = (c.obrigatoria ? base : base.optional()).transform((bruto, ctx): string | null => {
      const v = (bruto ?? '').trim();
      if (v === '') {
        if (c.obrigatoria) ctx.addIssue({ code: 'custom', message: MENSAGEM_OBRIGATORIO });
        return null;
      }
      if (v.includes('\uFFFD')) {
        ctx.addIssue({ code: 'custom', message: MENSAGEM_CODIFICACAO });
        return null;
      }
      if (temCaractereDeControle(v, true)) {
        ctx.addIssue({ code: 'custom', message: MENSAGEM_CONTROLE });
        return null;
      }
      if (temControleDeDirecao(v)) {
        ctx.addIssue({ code: 'custom', message: MENSAGEM_CONTROLE_DE_DIRECAO });
        return null;
      }
      const r = c.parser(v);
      if (typeof r === 'string') return r;
      ctx.addIssue({ code: 'custom', message: r.erro });
      return null;
    });
    forma[c.nome] = lido as z.ZodType<string | null, string | undefined>;
  }
  return z.strictObject(forma, { error: 'Coluna desconhecida no layout.' });
}

/** What a layout's apply step counted (the engine adds what was unchanged). */
export interface Contagem {
  incluidos: number;
  alterados: number;
  inativados: number;
}

export interface Layout {
  colunas: readonly Coluna[];
  /** The natural key (columns of the file): a repeated key in one file is an error. */
  chave: readonly string[];
  /** Set when `completo` is not offered: the message that refuses it. */
  semCompleto?: string;
  /** The rules the docs list (references, modes). */
  notas: readonly string[];
  /**
   * On PostgreSQL, a CSV of this layout is staged raw by COPY and its rows checked in SQL with the
   * parsers' `sql` twins (decision 0037); every column's parser must have one.
   */
  copia?: boolean;
  /** Reference checks: each a select of (linha, coluna, valor, mensagem) over importacao_stg. */
  verificacoes: readonly string[];
  /**
   * In `completo` mode, each record the apply removes (cancels, inactivates, deletes) is written to
   * the temp table importacao_removidos (chave, antes, depois — null when deleted) and counted as
   * `inativados`: the bound and the undo read them (decision 0049).
   */
  aplicar(tx: Queryable, modo: 'incremental' | 'completo'): Promise<Contagem>;
  /** Set when `completo` removes records (decision 0049). */
  remocao?: Remocao;
}

/** What a layout's `completo` removes: the bound counts it, the undo puts it back. */
export interface Remocao {
  /** The records that count as active before the apply: `select count(*)::int as n …`. */
  ativos: string;
  /** As the refusal names them: 'beneficiários ativos'. */
  nome: string;
  /** What the file would do to them, in the conditional: 'cancelaria'. */
  verbo: string;
  /**
   * Puts back the records the import removed (importacao_alteracoes of `importacaoId`) that are still
   * as it left them; the others are counted as `ignorados`.
   */
  desfazer(tx: Queryable, importacaoId: string): Promise<{ restaurados: number; ignorados: number }>;
}
