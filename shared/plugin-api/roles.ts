/**
 * The platform roles the plugins' writes need, named once. `REQUIRES` maps each kind of write to
 * what the platform (and the stand-in's role table) demands for the calls behind it, so a screen
 * asks `can(REQUIRES.operationCreate)` instead of repeating role ids; e2e/roles.test.ts checks
 * every entry against the running server for each demo user.
 */

export const ROLE = {
  inventoryCreate: 'ROLE_INVENTORY_CREATE',
  inventoryAdmin: 'ROLE_INVENTORY_ADMIN',
  alarmAdmin: 'ROLE_ALARM_ADMIN',
  deviceControlAdmin: 'ROLE_DEVICE_CONTROL_ADMIN',
  identityAdmin: 'ROLE_IDENTITY_ADMIN',
  userOwnAdmin: 'ROLE_USER_MANAGEMENT_OWN_ADMIN',
  userRead: 'ROLE_USER_MANAGEMENT_READ',
  userAdmin: 'ROLE_USER_MANAGEMENT_ADMIN',
  applicationAdmin: 'ROLE_APPLICATION_MANAGEMENT_ADMIN',
  manageSoftwareAdmin: 'ROLE_MANAGE_SOFTWARE_ADMIN',
  smartRuleAdmin: 'ROLE_SMARTRULE_ADMIN',
} as const;

/**
 * A role id, or a list of terms that must all hold; a term that is itself a list holds when any
 * of its roles is held (the platform's "admin, or create for own objects").
 */
export type RoleRequirement = string | readonly (string | readonly string[])[];

/** The unmet terms of a requirement for these roles (empty: allowed). */
export function unmetTerms(roles: readonly string[], requirement: RoleRequirement): (string | readonly string[])[] {
  const terms = typeof requirement === 'string' ? [requirement] : requirement;
  return terms.filter((term) => (typeof term === 'string' ? !roles.includes(term) : !term.some((r) => roles.includes(r))));
}

/** `ROLE_A ROLE_B|ROLE_C`: all of the space-separated terms, any of a term's `|` alternatives. */
export function formatRequirement(requirement: RoleRequirement): string {
  const terms = typeof requirement === 'string' ? [requirement] : requirement;
  return terms.map((term) => (typeof term === 'string' ? term : term.join('|'))).join(' ');
}

/** The inverse of formatRequirement (for the browser tests, which read it from data-requires). */
export function parseRequirement(text: string): RoleRequirement {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((term) => (term.includes('|') ? term.split('|') : term));
}

/**
 * What each kind of write needs. The create-software-ng service checks the platform's inventory
 * roles for its writes (it writes managed objects and operations on the caller's behalf); deleting
 * software, from the repository or from a device's package list, needs ROLE_MANAGE_SOFTWARE_ADMIN
 * (device-operations spec 5 and 6).
 */
export const REQUIRES = {
  /** PUT / DELETE of a managed object, its child and asset references (groups), binaries. */
  inventoryUpdate: [ROLE.inventoryAdmin],
  /** POST of a managed object (smart groups): admins, or holders of the create role. */
  inventoryCreate: [[ROLE.inventoryAdmin, ROLE.inventoryCreate]],
  /** POST /devicecontrol/operations: restarts, approved installations, router operations. */
  operationCreate: [ROLE.deviceControlAdmin],
  /** PUT of an alarm's status, bulk clear. */
  alarmUpdate: [ROLE.alarmAdmin],
  /** Assigning software or a device profile (createSoftwareAssignment; also transfer configuration). */
  softwareAssignment: [ROLE.inventoryAdmin],
  /** Clearing pending software assignments. */
  pendingAssignmentClear: [ROLE.inventoryAdmin],
  /** Initializing not-monitored devices. */
  deviceInitialize: [ROLE.inventoryAdmin],
  /** Time zone operations (createTimezoneOperations). */
  timezoneOperation: [ROLE.inventoryAdmin],
  /** The IoTconnector replacement: assignments to the replacement, then the identity handed over. */
  deviceReplacement: [ROLE.inventoryAdmin],
  /** Rollout creation and status changes; deleting a rollout object. */
  softwareRollout: [ROLE.inventoryAdmin],
  /** Adding and editing repository software and its dependencies (with the file upload). */
  softwarePackageWrite: [ROLE.inventoryAdmin],
  /** Deleting repository software. */
  softwarePackageDelete: [ROLE.inventoryAdmin, ROLE.manageSoftwareAdmin],
  /** Removing an entry from a device's package list (a PUT of the device). */
  devicePackageDelete: [ROLE.inventoryAdmin, ROLE.manageSoftwareAdmin],
  /** Creating, editing, duplicating and deleting device profiles. */
  deviceProfileWrite: [ROLE.inventoryAdmin],
  /** Showing another user (the device's owner). */
  userRead: [ROLE.userRead],
  /** Activating / deactivating the owner: a user change, on a device the user administers. */
  ownerActivation: [ROLE.inventoryAdmin, ROLE.userAdmin],
  /** The user's own preferences (column configuration, page size, language). */
  ownPreferences: [ROLE.userOwnAdmin],
  /** Plugin packages and their enabled state (application management). */
  applicationWrite: [ROLE.applicationAdmin],
  /** Smart rules created from an alarm (the platform's rule editor). */
  smartRuleCreate: [ROLE.smartRuleAdmin],
} as const satisfies Record<string, RoleRequirement>;

export type Permission = keyof typeof REQUIRES;
