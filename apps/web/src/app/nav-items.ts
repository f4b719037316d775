import {
  ClipboardList,
  FileCheck2,
  FileText,
  Gift,
  HeartPulse,
  House,
  Landmark,
  MessageCircle,
  ShoppingBag,
  Stethoscope,
  Video,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

/** Spec 2 'Layout': menu entries, in order, with their exact labels and paths. */
export const NAV_ITEMS: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/home', label: 'Home', icon: House },
  { to: '/autorizacoes', label: 'Autorizações', icon: FileCheck2 },
  { to: '/financeiro', label: 'Financeiro', icon: Wallet },
  { to: '/utilizacao', label: 'Tabela de utilização', icon: ClipboardList },
  { to: '/comercial', label: 'Comercial', icon: ShoppingBag },
  { to: '/guia-medico', label: 'Guia Médico', icon: Stethoscope },
  { to: '/medicina-preventiva', label: 'Medicina Preventiva', icon: HeartPulse },
  { to: '/tele-medicina', label: 'Telemedicina', icon: Video },
  { to: '/beneficios', label: 'Clube de benefícios', icon: Gift },
  { to: '/ANS', label: 'Dados ANS', icon: Landmark },
  { to: '/contrato', label: 'Contrato', icon: FileText },
  { to: '/contato', label: 'Contato', icon: MessageCircle },
];
