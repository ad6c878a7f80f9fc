/**
 * The platform objects this bundle declares (stricter than the client's: ids are strings,
 * fragments are \`unknown\` rather than \`any\`) checked against @c8y/client's declarations at
 * type-check time, so the two cannot drift apart. Types only: nothing of it reaches a bundle.
 * The unions (alarm status and severity, operation status) are the client's own (alarms.ts,
 * operations.ts).
 */
import type { IAlarm, IEvent, IManagedObject, IOperation } from '@c8y/client';
import type { Alarm } from './alarms';
import type { PlatformEvent } from './events';
import type { ManagedObject } from './inventory';
import type { Operation } from './operations';

/** Fails type-checking unless T is true. */
type Holds<T extends true> = T;
type Fits<A, B> = [A] extends [B] ? true : false;

export type ClientConformance = [
  Holds<Fits<Alarm, IAlarm>>,
  Holds<Fits<PlatformEvent, IEvent>>,
  // The client declares every standard field; a response without children or references lacks some.
  Holds<Fits<ManagedObject, Partial<IManagedObject>>>,
  // The client types an operation's status as its (numeric, in its declarations) enum; ours is its names.
  Holds<Fits<Omit<Operation, 'status'>, Omit<IOperation, 'status'>>>,
];
