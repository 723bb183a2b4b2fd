import { lazy } from 'react';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import MailIcon from '@mui/icons-material/ForwardToInboxOutlined';
import ReactivateIcon from '@mui/icons-material/CheckCircleOutline';
import TwoFactorIcon from '@mui/icons-material/PhonelinkLockOutlined';
import { roleLabelOf } from '@mamoudzou/domain/permissions';
import { DEFAULT_SETTINGS } from '@mamoudzou/domain/settings';
import { fr, format } from '../../i18n/fr';
import { messages as l } from './messages';
import { optional, passwordPolicyOf, passwordSchema, requiredText } from '../../generic/schema';
import { defineResource } from '../../generic/defineResource';
import { USER_STATUS_TONES } from '../tones';
import { staffRoles } from './staffRoles';
// The list's first column, small: loaded with the config so the table never flashes a fallback.
import UserCell from './UserCell';
import entry from './entry';

const RoleSelect = lazy(() => import('./RoleSelect'));
const AccountPasswordInput = lazy(() => import('./AccountPasswordInput'));
const ResendInvitationDialog = lazy(() => import('./ResendInvitationDialog'));
const ManageRolesButton = lazy(() => import('./ManageRolesButton'));
const RolesMatrixView = lazy(() => import('./RolesMatrixView'));
const RecentActivityView = lazy(() => import('./RecentActivityView'));
const TwoFactorResetDialog = lazy(() => import('./TwoFactorResetDialog'));

const roleNameOf = (record: Record<string, unknown>) => (record.role as { name?: string } | null | undefined)?.name;

/**
 * Users & roles (/utilisateurs: administrators manage, Editors read; users-permissions: /api/users, numeric ids): counters,
 * search and filters, the accounts with their French role names, create and edit (the password
 * under the settings' policy), suspend and reactivate; tabs Rôles & Permissions and Activité récente.
 */
export const utilisateurs = defineResource(entry, {
  texts: l.texts,
  labels: l.fields,
  fields: {
    username: { formLabel: l.fields.name, cell: UserCell, reads: ['username', 'email', 'invitationPending'], schema: requiredText(120) },
    email: {},
    // Instead of typing a password: the person chooses it through a mailed link (the backend sends it).
    invitation: { label: l.invitation.field, type: 'boolean', createOnly: true, defaultValue: false, helperText: l.invitation.help, fullWidth: true },
    password: {
      // Required for a new account unless it is invited; in the edit form an administrator may set a new one (empty: unchanged).
      input: AccountPasswordInput,
      requiredUnless: 'invitation',
      schema: optional(passwordSchema(passwordPolicyOf(DEFAULT_SETTINGS))),
      schemaWith: (settings) => optional(passwordSchema(passwordPolicyOf(settings))),
    },
    service: {},
    // The role column, in French; the form's own field (the role's id) follows.
    roleLabel: { label: l.fields.role, type: 'text', readOnly: true, sortable: false, reads: [], emptyText: fr.access.noRole, value: (r) => (roleNameOf(r) ? roleLabelOf(roleNameOf(r)) : '') },
    role: {
      input: RoleSelect,
      schema: (z) => z.union([z.number(), z.string().check(z.minLength(1)), z.object({ id: z.number() })], { error: l.roleRequired }),
    },
    status: { required: true, choiceLabels: fr.statuses.user, tones: USER_STATUS_TONES },
    lastAccess: { emptyText: l.never },
  },
  list: {
    columns: ['username', 'service', 'roleLabel', 'status', 'lastAccess'],
    sort: { field: 'username', order: 'ASC' },
    label: l.tabs.users,
    tabsLabel: l.tabs.label,
    header: ManageRolesButton,
    views: [
      { id: 'roles', label: l.tabs.roles, component: RolesMatrixView, standalone: true },
      { id: 'activity', path: 'activite', label: l.tabs.activity, component: RecentActivityView, standalone: true, resource: 'audit' },
    ],
  },
  summary: {
    cards: [
      { id: 'total', label: l.summary.total, count: {} },
      // An invited account is not active until its person chose a password.
      { id: 'actif', label: l.summary.actif, count: { status: 'actif', invitationPending: false } },
      { id: 'suspendu', label: l.summary.suspendu, count: { status: 'suspendu' } },
      { id: 'inactif', label: l.summary.inactif, count: { status: 'inactif' } },
    ],
  },
  filters: [
    { source: 'q' },
    { source: 'status' },
    // The roles read from the backend: the roles administrators made are filters too.
    {
      source: 'role.name',
      label: l.fields.role,
      kind: 'reference',
      reference: { resource: 'roles', optionText: 'name', choices: (roles) => staffRoles(roles).map((role) => ({ id: String(role.name), name: roleLabelOf(String(role.name)) })) },
    },
    { source: 'service' },
  ],
  // Accounts made by an administrator need no e-mail confirmation (the product sends none).
  form: {
    maxWidth: 'sm',
    createDefaults: { confirmed: true },
    // An invited account: the toast says the invitation left, and to whom.
    createdMessage: (record) => (record.invitationPending === true ? format(l.invitation.sent, { email: String(record.email ?? '') }) : undefined),
  },
  actions: {
    row: ['edit', 'resendInvitation', 'suspend', 'reactivate', 'resetTwoFactor', 'delete'],
    bulk: [],
    custom: [
      { id: 'resendInvitation', label: l.invitation.resend.label, icon: MailIcon, access: 'create', dialog: ResendInvitationDialog, visible: (record) => record.invitationPending === true },
      {
        id: 'suspend',
        label: l.suspend.label,
        icon: BlockIcon,
        access: 'edit',
        update: { status: 'suspendu' },
        visible: (record) => record.status !== 'suspendu',
        messages: l.suspend.messages,
        confirm: { title: l.suspend.title, message: l.suspend.message, confirmLabel: l.suspend.confirm, destructive: true },
      },
      {
        id: 'reactivate',
        label: l.reactivate.label,
        icon: ReactivateIcon,
        access: 'edit',
        update: { status: 'actif' },
        visible: (record) => record.status !== 'actif',
        messages: l.reactivate.messages,
        confirm: { title: l.reactivate.title, message: l.reactivate.message, confirmLabel: l.reactivate.confirm },
      },
      // A lost phone: the person's two-factor erased (key, recovery codes) and their sessions ended.
      { id: 'resetTwoFactor', label: l.resetTwoFactor.label, icon: TwoFactorIcon, access: 'edit', dialog: TwoFactorResetDialog },
    ],
  },
  exportColumns: [
    { key: 'id', source: 'id' },
    { key: 'utilisateur', source: 'username' },
    { key: 'email', source: 'email' },
    { key: 'service', source: 'service' },
    { key: 'role', source: 'role', value: (r) => (roleNameOf(r) ? roleLabelOf(roleNameOf(r)) : '') },
    { key: 'statut', source: 'status' },
    { key: 'dernierAcces', source: 'lastAccess', format: 'datetime' },
  ],
});

export default utilisateurs;
