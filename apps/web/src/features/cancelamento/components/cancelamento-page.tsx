import type { CancelamentoConcluido, OpcoesCancelamento } from '@portal/contract';
import { formatDate } from '@portal/br';
import { formatarNumeroProtocolo } from '@portal/contract/protocolos';
import { useRef, useState } from 'react';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { PassoVerificacao } from '@/components/membro/passo-verificacao';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { StepIndicator } from '@/components/ui/step-indicator';
import { useCodigoPorSms } from '@/lib/codigo-por-sms';
import { useChaveDeEnvio } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { normalizeTipoPerfil } from '@/lib/sessao';
import { useUsuario } from '@/lib/sessao-context';
import { toast } from '@/lib/toast';
import { useConfirmarCancelamento } from '../api/confirmar';
import { useEnviarSmsCancelamento } from '../api/enviar-sms';
import { useOpcoesCancelamento } from '../api/opcoes';
import { useRegistrarCiencia, type SelecaoCancelamento } from '../api/registrar-ciencia';
import { ComprovantesAnteriores, PassoSucesso } from './passo-sucesso';
import { PassoConsequencias } from './passo-consequencias';
import { PassoEscolha } from './passo-escolha';

const PASSOS = ['Escolha', 'Consequências', 'Código', 'Concluído'] as const;

/** The API's rule (RN 561/2022): the holder who is the contract's financial responsible. */
export function podeCancelar(u: { tipoPerfil: string; responsavelFinanceiro: boolean }): boolean {
  return u.responsavelFinanceiro && normalizeTipoPerfil(u.tipoPerfil) === 'TITULAR';
}

/** /cancelamento (issue 8): the holder cancels the contract or chosen dependents online. */
export function CancelamentoPage() {
  const usuario = useUsuario();
  const perfil = usePerfilAutenticado();
  const pode = podeCancelar(usuario);
  return (
    <div>
      <PageHeader title="Cancelar plano" />
      {!pode ? (
        <Alert variant="warning" title="Acesso Restrito" className="max-w-2xl">
          Apenas o titular que é responsável financeiro pelo contrato pode pedir o cancelamento do plano. Se você deseja
          sair do plano, fale com o titular ou com a nossa Central de Atendimento.
        </Alert>
      ) : perfil ? (
        <Fluxo />
      ) : (
        <PerfilInvalido />
      )}
    </div>
  );
}

type Passo = 0 | 1 | 2 | 3;

function Fluxo() {
  const opcoes = useOpcoesCancelamento(true);
  const [resultado, setResultado] = useState<CancelamentoConcluido | null>(null);
  if (resultado) return <Concluido resultado={resultado} />;
  if (opcoes.isPending) return <Carregando label="Carregando dados do contrato..." />;
  if (opcoes.isError) return <FalhaAoCarregar onTentarNovamente={() => void opcoes.refetch()} />;
  const o = opcoes.data;
  if (o.dataCancelamento)
    return (
      <div className="max-w-2xl space-y-5">
        <Alert variant="error" title={`Cancelado em ${formatDate(o.dataCancelamento)}`}>
          Este plano está cancelado. Você continua acessando faturas, recibos e informes de Imposto de Renda em
          Financeiro.
        </Alert>
        <ComprovantesAnteriores cancelamentos={o.cancelamentos} />
      </div>
    );
  return <Passos opcoes={o} onConcluido={setResultado} />;
}

function Concluido({ resultado }: { resultado: CancelamentoConcluido }) {
  return (
    <div className="space-y-6">
      <div className="max-w-xl">
        <StepIndicator steps={PASSOS} current={3} />
      </div>
      <PassoSucesso resultado={resultado} />
    </div>
  );
}

function Passos({
  opcoes,
  onConcluido,
}: {
  opcoes: OpcoesCancelamento;
  onConcluido: (r: CancelamentoConcluido) => void;
}) {
  const ciencia = useRegistrarCiencia();
  const sms = useEnviarSmsCancelamento();
  const confirmar = useConfirmarCancelamento();
  const chave = useChaveDeEnvio();
  const codigo = useCodigoPorSms();
  const [passo, setPasso] = useState<Passo>(0);
  const [voltou, setVoltou] = useState(false);
  // Nothing drastic is preselected: the member chooses the whole contract or dependants.
  const [selecao, setSelecao] = useState<SelecaoCancelamento | null>(null);
  const [destino, setDestino] = useState('');

  const enviarCodigo = async () => {
    if (!selecao) return;
    const escolha = selecao;
    const alvos = [...(escolha.codigoMatriculasBeneficiariosAlvo ?? [])].sort().join(',');
    const pedido = await codigo.pedir(`${escolha.abrangencia}:${alvos}`, {
      registrar: () => ciencia.mutateAsync({ selecao: escolha, versao: opcoes.consequencias.versao }),
      enviar: () => sms.mutateAsync(),
    });
    if (!pedido) return;
    if (pedido.destino) setDestino(pedido.destino);
    setPasso(2);
  };

  // A double click is one call: with two, TanStack Query runs only the last call's callbacks, and
  // under load that second call can fail (the first still holds its key) while the first succeeded.
  const confirmando = useRef(false);
  const confirmarCodigo = (digitado: string) => {
    if (!selecao || confirmando.current) return;
    confirmando.current = true;
    const confirmacao = { ...selecao, codigoToken: Number(digitado) };
    confirmar.mutate(
      { confirmacao, chave: chave.para(confirmacao) },
      {
        onSettled: () => {
          confirmando.current = false;
        },
        onSuccess: (dados) => {
          chave.concluir();
          toast.success('Cancelamento registrado', {
            description: `Protocolo ${formatarNumeroProtocolo(dados.protocolo)}`,
          });
          onConcluido(dados);
        },
      },
    );
  };

  const voltarPara = (p: Passo) => {
    setVoltou(true);
    setPasso(p);
  };

  return (
    <div className="space-y-6">
      <div className="max-w-xl">
        <StepIndicator steps={PASSOS} current={passo} />
      </div>
      {passo === 0 || !selecao ? (
        <PassoEscolha
          opcoes={opcoes}
          selecao={selecao}
          onSelecao={setSelecao}
          onContinuar={() => {
            setVoltou(true);
            setPasso(1);
          }}
          focusOnMount={voltou}
        />
      ) : passo === 1 ? (
        <PassoConsequencias
          opcoes={opcoes}
          selecao={selecao}
          enviando={codigo.pedindo}
          onVoltar={() => voltarPara(0)}
          onContinuar={() => void enviarCodigo()}
        />
      ) : (
        <PassoVerificacao
          destino={destino || opcoes.celular || 'o celular cadastrado'}
          confirmando={confirmar.isPending}
          onVoltar={() => voltarPara(1)}
          onConfirmar={confirmarCodigo}
          rotuloConfirmar="Confirmar Cancelamento"
          reenvio={{ segundos: codigo.segundos, enviando: codigo.pedindo, onReenviar: () => void enviarCodigo() }}
        />
      )}
    </div>
  );
}
