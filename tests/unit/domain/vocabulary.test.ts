import { describe, expect, it } from 'vitest';
import { slaStatusOf } from '@mamoudzou/domain/sla';
import {
  slaTargetFor,
  effectiveReportStatus,
  notificationPriorityOf,
  NOTIFICATION_PRIORITY_LABELS,
  REPORT_PRIORITIES,
  REPORT_PRIORITY_LABELS,
  REPORT_PRIORITY_RANK,
  REPORT_STATUSES,
  REPORT_STATUS_RANK,
  REPORT_TYPES,
  reportPriorityRank,
  reportStatusRank,
  slugify,
  SLUG_PATTERN,
} from '@mamoudzou/domain/vocabulary';
import { can, canPublish, normalizeGrants, permissionsOf, rolesAllowed, roleLabelOf } from '@mamoudzou/domain/permissions';

describe('the shared vocabulary', () => {
  it('reads report_status first, then the legacy status, else nouveau', () => {
    expect(effectiveReportStatus('en_attente', 'resolved')).toBe('en_attente');
    expect(effectiveReportStatus(null, 'in_progress')).toBe('en_cours');
    expect(effectiveReportStatus(undefined, 'pending')).toBe('nouveau');
    expect(effectiveReportStatus('', 'rejected')).toBe('rejete');
    expect(effectiveReportStatus('resolved', null)).toBe('resolu');
    expect(effectiveReportStatus(null, null)).toBe('nouveau');
    expect(effectiveReportStatus('bizarre', 'bizarre')).toBe('nouveau');
    expect(effectiveReportStatus(null, 'constructor')).toBe('nouveau');
    expect(effectiveReportStatus('toString', 'en_cours')).toBe('en_cours');
  });

  it('ranks priorities on their scale and statuses in workflow order', () => {
    expect(REPORT_PRIORITIES.map((p) => REPORT_PRIORITY_RANK[p])).toEqual([1, 2, 3, 4]);
    expect(REPORT_STATUSES.map((s) => REPORT_STATUS_RANK[s])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(reportPriorityRank('critique')).toBe(4);
    expect(reportPriorityRank(null)).toBe(REPORT_PRIORITY_RANK.normale);
    expect(reportPriorityRank('inconnue')).toBe(REPORT_PRIORITY_RANK.normale);
    expect(reportStatusRank('en_attente', 'resolved')).toBe(3);
    expect(reportStatusRank(null, 'rejected')).toBe(5);
    expect(reportStatusRank(undefined, undefined)).toBe(1);
  });

  it('one scale of priorities: a notification’s is its report’s, read with the reports’ words', () => {
    expect(notificationPriorityOf('critique')).toBe('urgent');
    expect(notificationPriorityOf('haute')).toBe('high');
    expect(notificationPriorityOf('normale')).toBe('medium');
    expect(notificationPriorityOf('basse')).toBe('low');
    expect(notificationPriorityOf(undefined)).toBe('medium');
    // The bell reads « Critique » for a « Critique » report: no « Urgente », no « Moyenne ».
    expect(NOTIFICATION_PRIORITY_LABELS).toEqual({ urgent: 'Critique', high: 'Haute', medium: 'Normale', low: 'Basse' });
    for (const priority of REPORT_PRIORITIES) expect(NOTIFICATION_PRIORITY_LABELS[notificationPriorityOf(priority)]).toBe(REPORT_PRIORITY_LABELS[priority]);
  });

  it('computes an open report’s SLA status without a reminder time: past → depasse, within 24 h → proche_echeance, else dans_les_temps', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const open = (slaTarget: string | null) => slaStatusOf({ report_status: 'en_cours', slaTarget }, now);
    expect(open('2026-11-22T09:59:00Z')).toBe('depasse');
    expect(open('2026-11-23T09:00:00Z')).toBe('proche_echeance');
    expect(open('2026-11-23T10:00:00Z')).toBe('proche_echeance');
    expect(open('2026-11-25T10:00:00Z')).toBe('dans_les_temps');
    expect(open(null)).toBeUndefined();
    expect(open('pas une date')).toBeUndefined();
  });

  it('sets the SLA target from the priority: 24 h critique, 72 h haute, 7 days normale, 14 days basse', () => {
    const from = new Date('2026-11-22T10:00:00Z');
    expect(slaTargetFor('critique', from).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(slaTargetFor('haute', from).toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(slaTargetFor('normale', from).toISOString()).toBe('2026-11-29T10:00:00.000Z');
    expect(slaTargetFor('basse', from).toISOString()).toBe('2026-12-06T10:00:00.000Z');
    expect(slaTargetFor(undefined, from).toISOString()).toBe('2026-11-29T10:00:00.000Z');
  });

  it('derives slugs as the specification says', () => {
    expect(slugify('Fête de la musique à Mamoudzou')).toBe('fete-de-la-musique-a-mamoudzou');
    expect(slugify("L'été  -- au   Front de mer !")).toBe('lete-au-front-de-mer');
    expect(slugify('Éclairage public : 12 rues rénovées')).toBe('eclairage-public-12-rues-renovees');
    for (const title of ['Fête', '  Kawéni  ', 'Mtsapéré / Cavani', 'A-B']) {
      expect(slugify(title)).toMatch(new RegExp(SLUG_PATTERN));
    }
  });

  it('lists the eight report types, « Autres » without sub-types', () => {
    expect(REPORT_TYPES.map((t) => t.label)).toEqual([
      'Éclairage public', 'Voirie', 'Propreté', 'Réseau', 'Espaces verts', 'Mobilier urbain', 'Signalisation', 'Autres',
    ]);
    expect(REPORT_TYPES.find((t) => t.value === 'Autres')?.subTypes).toEqual([]);
  });
});

describe('the permission matrix', () => {
  it('shows backend roles in French, else their own name, else « Utilisateur »', () => {
    expect(roleLabelOf('Administrator')).toBe('Administrateur');
    expect(roleLabelOf('Super Admin')).toBe('Super Administrateur');
    expect(roleLabelOf('Editor')).toBe('Éditeur');
    expect(roleLabelOf('Author')).toBe('Auteur');
    expect(roleLabelOf('Stagiaire')).toBe('Stagiaire');
    expect(roleLabelOf(undefined)).toBe('Utilisateur');
  });

  it('names the roles a screen lets in, one per matrix row', () => {
    expect(rolesAllowed('audit', 'read')).toEqual(['Administrateur']);
    expect(rolesAllowed('parametrages', 'edit')).toEqual(['Administrateur', 'Éditeur']);
    expect(rolesAllowed('utilisateurs', 'read')).toEqual(['Administrateur', 'Éditeur']);
    expect(rolesAllowed('signalements', 'read')).toEqual(['Administrateur', 'Éditeur', 'Opérateur', 'Auteur']);
  });

  it('grants what each role row says', () => {
    expect(can('Administrator', 'audit', 'read')).toBe(true);
    expect(can('Administrator', 'audit', 'delete')).toBe(false);
    expect(can('Editor', 'parametrages', 'edit')).toBe(true);
    expect(can('Editor', 'parametrages', 'delete')).toBe(false);
    expect(can('Editor', 'utilisateurs', 'create')).toBe(false);
    expect(can('Operator', 'signalements', 'edit')).toBe(true);
    expect(can('Operator', 'signalements', 'delete')).toBe(false);
    expect(can('Operator', 'notifications', 'read')).toBe(true);
    expect(can('Author', 'contenus', 'publish')).toBe(true);
    expect(can('Author', 'signalements', 'create')).toBe(false);
    expect(can('Author', 'audit', 'read')).toBe(false);
    expect(can(undefined, 'signalements', 'read')).toBe(false);
  });

  it('reads a custom role’s stored grants through the same table; a system role’s name keeps its row', () => {
    const custom = { name: 'Agents voirie', type: 'custom_agents_voirie', grants: { signalements: ['edit'], cuisine: ['read'], poi: ['voler'] } };
    // Unknown modules and actions are dropped; an action implies reading.
    expect(permissionsOf(custom)).toEqual({ signalements: ['read', 'edit'] });
    expect(normalizeGrants({ contenus: ['export', 'read', 'publish'] })).toEqual({ contenus: ['read', 'publish', 'export'] });
    expect(can(custom, 'signalements', 'edit')).toBe(true);
    expect(can(custom, 'signalements', 'delete')).toBe(false);
    expect(can({ name: 'Editor', grants: { audit: ['read'] } }, 'audit', 'read')).toBe(false);
    expect(can({ name: 'Authenticated', type: 'authenticated', grants: { signalements: ['read'] } }, 'signalements', 'read')).toBe(false);
    // A custom role is no approver: under approval it publishes nothing.
    const publisher = { name: 'Rédaction', type: 'custom_redaction', grants: { contenus: ['publish'] } };
    expect(canPublish(publisher, 'contenus', false)).toBe(true);
    expect(canPublish(publisher, 'contenus', true)).toBe(false);
  });

  it('writes what only administrators may do as rows of the matrix', () => {
    for (const admin of ['Administrator', 'Super Admin']) {
      for (const [module, action] of [['audit', 'read'], ['securite', 'edit'], ['maintenance', 'edit'], ['maintenance', 'create'], ['medias', 'delete'], ['utilisateurs', 'create'], ['parametrages', 'delete'], ['integrations', 'edit']] as const) {
        expect(can(admin, module, action), `${admin} ${module} ${action}`).toBe(true);
        expect(can('Editor', module, action), `Editor ${module} ${action}`).toBe(false);
      }
    }
    // An Editor reads the users (to assign reports) and the integrations, and sends pictures like every role.
    expect(can('Editor', 'utilisateurs', 'read')).toBe(true);
    expect(can('Editor', 'integrations', 'read')).toBe(true);
    for (const role of ['Editor', 'Operator', 'Author']) expect(can(role, 'medias', 'create')).toBe(true);
  });
});
