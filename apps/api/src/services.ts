import type { FastifyBaseLogger } from 'fastify';
import type { Operadora } from '@portal/contract';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/db';
import type { CounterStore } from './lib/counters';
import type { Contadores } from './lib/metricas';
import type { Selagem } from './lib/selagem';
import { Throttle } from './lib/tentativas';
import { AuditRepository } from './core/auditoria/repository';
import { AtendimentoService } from './modules/atendimento/service';
import { DispositivosConhecidos } from './modules/atendimento/dispositivo';
import { EquipeService } from './modules/atendimento/equipe';
import { EquipeRepository } from './modules/atendimento/repository';
import { AutorizacoesRepository } from './modules/autorizacoes/repository';
import { AutorizacoesService } from './modules/autorizacoes/service';
import { BeneficiariosRepository } from './core/beneficiarios/repository';
import { CancelamentoRepository } from './modules/cancelamento/repository';
import { CancelamentoService } from './modules/cancelamento/service';
import { CarteirinhaRepository } from './modules/carteirinha/repository';
import { CarteirinhaService } from './modules/carteirinha/service';
import { CarteirinhaDigitalRepository } from './modules/carteirinha-digital/repository';
import { CarteirinhaDigitalService } from './modules/carteirinha-digital/service';
import { ClubeRepository } from './modules/clube/repository';
import { ClubeService } from './modules/clube/service';
import { CodigosRepository } from './core/codigos/repository';
import { CodigosDeConfirmacaoRepository, type FluxoConfirmado } from './core/confirmacao/repository';
import { ConfirmacaoPorSms } from './core/confirmacao/service';
import { CodigosService } from './core/codigos/service';
import { FinanceiroRepository } from './modules/financeiro/repository';
import { FinanceiroService } from './modules/financeiro/service';
import { ContasRepository } from './core/contas/repository';
import { GuiaMedicoRepository } from './modules/guia-medico/repository';
import { GuiaMedicoService } from './modules/guia-medico/service';
import {
  AuditoriaIntegracaoRepository,
  ChavesDeIntegracao,
  ChavesRepository,
  IntegracaoService,
} from './modules/integracao';
import { RecuperacaoService } from './modules/login/recuperacao-service';
import { PreAutenticacao } from './modules/login/pre-autenticacao';
import { PreAutenticacoesRepository } from './modules/login/pre-autenticacao-repository';
import { LoginService } from './modules/login/service';
import { MeusDadosRepository } from './modules/meus-dados/repository';
import { MeusDadosService } from './modules/meus-dados/service';
import { MedicinaPreventivaRepository } from './modules/medicina-preventiva/repository';
import { MedicinaPreventivaService } from './modules/medicina-preventiva/service';
import { OutboxRepository } from './core/notificacoes/repository';
import { Notifier } from './core/notificacoes/service';
import { ProtocolosRepository } from './core/protocolos/repository';
import { MeusProtocolosRepository } from './modules/protocolos/repository';
import { RespostasDeProtocolosService } from './core/protocolos/respostas';
import { ProtocolosService } from './modules/protocolos/service';
import { IdempotenciaRepository } from './core/solicitacoes/repository';
import { SolicitacoesService } from './core/solicitacoes/solicitacoes';
import { ClienteClamav, ReembolsoService } from './modules/reembolso';
import { RegistroService } from './modules/registro/service';
import { RetencaoRepository } from './core/retencao/repository';
import { RetencaoService } from './core/retencao/service';
import type { AvisosDeSessao } from './core/sessao/avisos';
import { SessionsRepository } from './core/sessao/repository';
import { ServicosRepository } from './modules/servicos/repository';
import { ServicosService } from './modules/servicos/service';
import { SessionService } from './core/sessao/service';
import { SituacaoRepository } from './modules/situacao/repository';
import { SituacaoService } from './modules/situacao/service';
import { TokenService } from './modules/token/service';
import { UtilizacaoRepository } from './modules/utilizacao/repository';
import { UtilizacaoService } from './modules/utilizacao/service';
import { VendaRepository } from './modules/venda/repository';
import { VendaService } from './modules/venda/service';
import { type Resolvedor, WebhooksService } from './core/webhooks/service';

export interface ServiceDeps {
  db: Db;
  config: Config;
  clock: Clock;
  counters: CounterStore;
  log: FastifyBaseLogger;
  operadora: Operadora;
  tokenSecret: string;
  codeSecret: string;
  /** HS256 key of the benefits-club link (CLUBE_SECRET or generated once). */
  clubeSecret: string;
  /** HS256 key of the digital card's QR tokens (CARTEIRINHA_SECRET or generated once). */
  carteirinhaSecret: string;
  /**
   * Seals the webhook endpoints' secrets and the staff accounts' TOTP secrets, and signs the staff's
   * known-device cookies: keys derived from the sealing key, never kept in the database in
   * production (issue 30, decisions 0030 and 0033; db/selagem.ts).
   */
  selagem: Selagem;
  /** How instances tell each other that sessions ended (Redis or PostgreSQL; none for one instance). */
  avisosDeSessao?: AvisosDeSessao;
  /** How webhook endpoint names are resolved (the system's DNS unless a test gives its own). */
  resolvedorDeNomes?: Resolvedor;
  /** What the services count for /metrics (decision 0051); none when metrics are off. */
  contadores?: Contadores;
}

/**
 * Every repository and service of the API, built once per app and shared by the routes
 * (`app.services`). A new area adds its own here; routes never construct them.
 */
export function createServices(d: ServiceDeps) {
  const { db, config, clock } = d;
  const audit = new AuditRepository(db, clock);
  const throttle = new Throttle(d.counters, config.throttle, clock);
  const outbox = new OutboxRepository(db);
  const notifier = new Notifier({
    outbox,
    opts: {
      smtpUrl: config.smtpUrl,
      smtpFrom: config.smtpFrom,
      smsWebhookUrl: config.smsWebhookUrl,
      keepCodes: !config.production,
    },
    operadora: d.operadora,
    clock,
    log: d.log,
  });
  const contas = new ContasRepository(db);
  const sessionsRepo = new SessionsRepository(db);
  const sessoes = new SessionService({
    repo: sessionsRepo,
    audit,
    clock,
    config,
    avisos: d.avisosDeSessao,
  });
  const preAutenticacao = new PreAutenticacao({
    repo: new PreAutenticacoesRepository(db),
    secret: d.codeSecret,
    clock,
  });
  const codigos = new CodigosService({
    repo: new CodigosRepository(db),
    secret: d.codeSecret,
    throttle,
    notifier,
    audit,
    clock,
  });
  const beneficiarios = new BeneficiariosRepository(db);
  const webhooks = new WebhooksService({
    db,
    cofre: d.selagem.webhooks,
    opcoes: { ...config.webhooks, producao: config.production },
    clock,
    log: d.log,
    resolvedor: d.resolvedorDeNomes,
    contadores: d.contadores,
  });
  const solicitacoes = new SolicitacoesService({
    db,
    idempotencia: new IdempotenciaRepository(db),
    protocolos: new ProtocolosRepository(db),
    audit,
    operadora: d.operadora,
    notifier,
    clock,
    ouvinte: webhooks,
  });
  const respostasDeProtocolos = new RespostasDeProtocolosService(db, d.operadora, notifier, audit, clock, webhooks);
  const carteirinhas = new CarteirinhaRepository(db);
  /** The SMS code that confirms a request in the portal, one per flow (its own code table and counters). */
  const confirmacaoPorSms = (fluxo: FluxoConfirmado) =>
    new ConfirmacaoPorSms({
      repo: new CodigosDeConfirmacaoRepository(db, fluxo),
      transacoes: db,
      audit,
      notifier,
      operadora: d.operadora,
      counters: d.counters,
      limites: config.throttle,
      secret: d.codeSecret,
      clock,
    });
  return {
    audit,
    throttle,
    outbox,
    notifier,
    sessoes,
    codigos,
    tokens: new TokenService({
      secret: d.tokenSecret,
      client: { usuario: config.apiClientUser, senha: config.apiClientSecret },
      ttlSeconds: config.tokenTtlSeconds,
      clock,
    }),
    login: new LoginService({
      contas,
      sessions: sessionsRepo,
      sessoes,
      preAutenticacao,
      throttle,
      audit,
      clock,
      config,
      contadores: d.contadores,
    }),
    recuperacao: new RecuperacaoService({ contas, codigos, sessoes, preAutenticacao, throttle, audit, clock }),
    registro: new RegistroService({ contas, codigos, throttle, audit, clock }),
    beneficiarios,
    autorizacoes: new AutorizacoesService(beneficiarios, new AutorizacoesRepository(db)),
    carteirinha: new CarteirinhaService(carteirinhas),
    carteirinhaDigital: new CarteirinhaDigitalService({
      carteirinhas,
      repo: new CarteirinhaDigitalRepository(db),
      audit,
      throttle,
      operadora: d.operadora,
      secret: d.carteirinhaSecret,
      clock,
    }),
    solicitacoes,
    venda: new VendaService({ repo: new VendaRepository(db), solicitacoes, clock }),
    servicos: new ServicosService({
      repo: new ServicosRepository(db),
      transacoes: db,
      solicitacoes,
      confirmacao: confirmacaoPorSms('servicos'),
      audit,
      operadora: d.operadora,
      clock,
    }),
    cancelamento: new CancelamentoService({
      repo: new CancelamentoRepository(db),
      db,
      solicitacoes,
      confirmacao: confirmacaoPorSms('cancelamento'),
      audit,
      operadora: d.operadora,
      clock,
    }),
    clube: new ClubeService({
      repo: new ClubeRepository(db),
      solicitacoes,
      audit,
      operadora: d.operadora,
      secret: d.clubeSecret,
      clock,
    }),
    medicinaPreventiva: new MedicinaPreventivaService({ repo: new MedicinaPreventivaRepository(db), solicitacoes }),
    utilizacao: new UtilizacaoService({ repo: new UtilizacaoRepository(db), beneficiarios, solicitacoes }),
    financeiro: new FinanceiroService(new FinanceiroRepository(db), d.operadora, clock),
    meusDados: new MeusDadosService({
      repo: new MeusDadosRepository(db),
      solicitacoes,
      sessoes,
      audit,
      throttle,
      operadora: d.operadora,
      clock,
      config,
    }),
    guiaMedico: new GuiaMedicoService(new GuiaMedicoRepository(db), { listaTtlMs: config.guiaCacheSeconds * 1000 }),
    protocolos: new ProtocolosService(new MeusProtocolosRepository(db), d.operadora, clock),
    situacao: new SituacaoService(new SituacaoRepository(db)),
    retencao: new RetencaoService({
      repo: new RetencaoRepository(db),
      transacoes: db,
      clock,
      config,
    }),
    webhooks,
    // The operator answers protocols through the integration API (issue 17, decision 0032).
    respostasDeProtocolos,
    // The staff console (issue 17, decision 0033): its accounts and sessions, and its protocol work
    // through the same RespostasDeProtocolosService.
    equipe: new EquipeService({
      repo: new EquipeRepository(db),
      cofre: d.selagem.totp,
      dispositivos: new DispositivosConhecidos(d.selagem.dispositivos),
      throttle,
      clock,
      operadora: d.operadora,
      ociosidadeMinutos: config.equipe.ociosidadeMinutos,
    }),
    atendimento: new AtendimentoService({ db, respostas: respostasDeProtocolos, clock, contadores: d.contadores }),
    // The operator's integration API (issue 16): its keys, their limit and the audit of each call.
    integracao: new IntegracaoService({
      chaves: new ChavesDeIntegracao({ repo: new ChavesRepository(db), clock }),
      auditoria: new AuditoriaIntegracaoRepository(db, clock),
      counters: d.counters,
      limitePadrao: config.integracao.chamadasPorMinuto,
      recusasPorMinutoIp: config.integracao.recusasPorMinutoIp,
      clock,
    }),
    // Reembolso (issue 18, decision 0034): the member's requests and the operator's side of them.
    reembolso: new ReembolsoService({
      db,
      solicitacoes,
      notifier,
      webhooks,
      operadora: d.operadora,
      clock,
      clamav: config.reembolso.clamavSocket ? new ClienteClamav(config.reembolso.clamavSocket) : undefined,
      cotaBytes: config.reembolso.cotaBytes,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
