import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be posted (issue 30, decision 0048): only to public unicast addresses, or to
 * the networks the operator lists in WEBHOOKS_REDES_PERMITIDAS. Checked when an endpoint is
 * registered and again by every delivery, on the addresses the connection then uses.
 */

/** A host name's addresses (dns.lookup by default; tests give their own and never ask a real DNS). */
export type Resolvedor = (nome: string) => Promise<LookupAddress[]>;

export const resolvedorDoSistema: Resolvedor = (nome) => dns.lookup(nome, { all: true, verbatim: true });

/** What a refused delivery records, the same whatever the address and port (no scanner). */
export const MOTIVO_DESTINO_RECUSADO = 'destino não permitido';

/** Thrown by the checked lookup: the name resolved (now) to an address outside the allowed ones. */
export class DestinoRecusado extends Error {
  readonly code = 'EDESTINORECUSADO';
  constructor() {
    super(MOTIVO_DESTINO_RECUSADO);
  }
}

type Rede = [ipaddr.IPv4 | ipaddr.IPv6, number];

// The IPv6 global unicast space: outside it (::/8 with its IPv4-compatible ::a.b.c.d, 100::/8…) nothing is public.
const UNICAST_GLOBAL_V6 = ipaddr.parseCIDR('2000::/3') as Rede;

/** The classification of addresses against the allowed networks. */
export class GuardaDeDestino {
  private readonly permitidas: Rede[];

  constructor(
    /** Normalized CIDRs (config.ts: WEBHOOKS_REDES_PERMITIDAS). */
    redesPermitidas: readonly string[],
    private readonly resolver: Resolvedor = resolvedorDoSistema,
    /** Bound on one name resolution (a DNS server that does not answer). */
    private readonly prazoMs = 5000,
  ) {
    this.permitidas = redesPermitidas.map((r) => ipaddr.parseCIDR(r) as Rede);
  }

  /**
   * A public unicast address, or one inside an allowed network. Everything else is refused:
   * loopback, RFC 1918, link-local, CGNAT, unique-local, IPv4-mapped or -compatible IPv6, multicast,
   * unspecified, broadcast, reserved and documentation ranges, 6to4/Teredo/NAT64 (they embed IPv4).
   */
  permitido(endereco: string): boolean {
    if (!ipaddr.isValid(endereco)) return false;
    const ip = ipaddr.parse(endereco);
    if (this.permitidas.some(([rede, bits]) => rede.kind() === ip.kind() && ip.match(rede, bits))) return true;
    if (ip.range() !== 'unicast') return false;
    return ip.kind() === 'ipv4' || ip.match(UNICAST_GLOBAL_V6);
  }

  /**
   * A URL's destination now: 'recusado' when its host is (or resolves to) any refused address,
   * 'sem-endereco' when the name does not resolve (or not in time), else 'permitido' (a URL that
   * does not parse is refused). WHATWG URL has already turned numeric spellings (2130706433,
   * 0177.0.0.1, 0x7f.1, 127.1) into dotted quads.
   */
  async verificar(url: URL | string): Promise<'permitido' | 'recusado' | 'sem-endereco'> {
    const u = URL.parse(String(url));
    if (!u) return 'recusado';
    const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host)) return this.permitido(host) ? 'permitido' : 'recusado';
    let enderecos: LookupAddress[];
    try {
      enderecos = await this.resolverComPrazo(host);
    } catch {
      return 'sem-endereco';
    }
    if (!enderecos.length) return 'sem-endereco';
    return enderecos.every((e) => this.permitido(e.address)) ? 'permitido' : 'recusado';
  }

  private async resolverComPrazo(host: string): Promise<LookupAddress[]> {
    let t: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.resolver(host),
        new Promise<never>((_, rejeitar) => {
          t = setTimeout(() => rejeitar(new Error('prazo de resolução esgotado')), this.prazoMs);
        }),
      ]);
    } finally {
      clearTimeout(t);
    }
  }

  /**
   * The `lookup` of the delivery's connections (net/tls): resolves the name, refuses the whole
   * name if any of its addresses is refused, and hands the connection exactly the addresses it
   * checked — so a name that changes its answer between the check and the connection (DNS
   * rebinding) cannot reach a refused address. TLS SNI and Host stay the name.
   */
  readonly lookup = (
    nome: string,
    opcoes: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, endereco: string | LookupAddress[], familia?: number) => void,
  ): void => {
    this.resolverComPrazo(nome).then(
      (todos) => {
        if (!todos.every((e) => this.permitido(e.address))) return callback(new DestinoRecusado(), '');
        const familia = opcoes.family === 'IPv4' ? 4 : opcoes.family === 'IPv6' ? 6 : opcoes.family;
        const enderecos = familia === 4 || familia === 6 ? todos.filter((e) => e.family === familia) : todos;
        const [primeiro] = enderecos;
        if (!primeiro)
          return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${nome}`), { code: 'ENOTFOUND' }), '');
        if (opcoes.all) return callback(null, enderecos);
        return callback(null, primeiro.address, primeiro.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

/** Whether a failed connection was refused by the checked lookup (the error is fetch's cause, or deeper). */
export function foiRecusado(err: unknown): boolean {
  for (let e = err, i = 0; e instanceof Error && i < 5; e = e.cause, i++) if (e instanceof DestinoRecusado) return true;
  return false;
}
