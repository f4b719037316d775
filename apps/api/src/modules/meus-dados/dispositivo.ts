import Bowser from 'bowser';

const TIPOS: Record<string, string> = {
  desktop: 'computador',
  mobile: 'celular',
  tablet: 'tablet',
  tv: 'TV',
};

/**
 * A user agent in plain words for the member ('Chrome 120 no Windows 10 (computador)'), parsed by
 * bowser; what it cannot tell is left out, and nothing at all reads 'Dispositivo desconhecido'.
 */
export function descreverDispositivo(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return 'Dispositivo desconhecido';
  let r: Bowser.Parser.ParsedResult;
  try {
    r = Bowser.parse(userAgent);
  } catch {
    return 'Dispositivo desconhecido';
  }
  const versao = r.browser.version?.split('.')[0];
  const navegador = r.browser.name ? [r.browser.name, versao].filter(Boolean).join(' ') : null;
  const osVersao = r.os.versionName ?? r.os.version?.split('.').slice(0, 2).join('.');
  const sistema = r.os.name ? [r.os.name, osVersao].filter(Boolean).join(' ') : null;
  const tipo = r.platform.type ? TIPOS[r.platform.type] : undefined;
  const partes = [navegador ?? 'Navegador desconhecido', sistema ? `no ${sistema}` : null].filter(Boolean).join(' ');
  if (!navegador && !sistema) return 'Dispositivo desconhecido';
  return tipo ? `${partes} (${tipo})` : partes;
}

/**
 * An approximate address: the network part only ('189.45.x.x'; IPv6 keeps its first three groups),
 * enough for a member to recognise "my home / my office" without handing out the full address.
 */
export function mascararIp(ip: string | null | undefined): string {
  if (!ip) return 'Não registrado';
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/i.exec(ip.trim());
  if (v4) return `${v4[1]}.${v4[2]}.x.x`;
  if (ip.includes(':')) {
    const grupos = ip.trim().split(':').filter(Boolean).slice(0, 3);
    return grupos.length ? `${grupos.join(':')}:…` : 'Não registrado';
  }
  return 'Não registrado';
}

/** Standalone 6-digit numbers (verification codes) inside a message, hidden for the export. */
export function ocultarCodigos(mensagem: string, codigo: string | null): string {
  const sem = codigo ? mensagem.replaceAll(codigo, '******') : mensagem;
  return sem.replace(/(?<!\d)\d{6}(?!\d)/g, '******');
}

/** Sign-in events of audit_log in plain words ('Meus dados' and its PDF). */
export const DESCRICAO_EVENTO: Record<string, string> = {
  login_ok: 'Entrada no portal',
  login_falha: 'Tentativa de entrada recusada',
  login_bloqueado: 'Entrada bloqueada por muitas tentativas',
  logout: 'Saída do portal',
  senha_alterada: 'Senha alterada',
  sessoes_encerradas: 'Outras sessões encerradas',
};
