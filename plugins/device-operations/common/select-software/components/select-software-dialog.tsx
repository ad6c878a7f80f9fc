/**
 * This plugin's Select software dialog: the SDK's dialog with all three actions offered by default
 * (the group page and the Software tab assign only) and the Storage column.
 */
import React from 'react';
import { createQueryKeys } from '@shared/platform/query-keys';
import {
  SelectSoftwareDialog as SharedSelectSoftwareDialog,
  type SelectSoftwareAction,
  type SelectSoftwareDialogProps as SelectSoftwareDialogSharedProps,
  type SelectSoftwareResult,
} from '@shared/ui/select-software-dialog';

export type { SelectSoftwareAction, SelectSoftwareResult };

const softwareKeys = createQueryKeys('device-operations', 'select-software');

export interface SelectSoftwareDialogProps {
  /** Inventory types of the selected devices (celosx already widened to ipc-x64). */
  deviceTypes: readonly string[];
  deviceCount: number;
  /** The selected devices when they may be of several families (a group's). */
  devices?: SelectSoftwareDialogSharedProps['devices'];
  /** Which buttons to offer besides OK (the group page assigns only). */
  actions?: readonly SelectSoftwareAction[];
  onClose: (result: SelectSoftwareResult | null) => void;
}

export default function SelectSoftwareDialog({ actions = ['assign', 'rollout', 'install'], ...props }: SelectSoftwareDialogProps) {
  return <SharedSelectSoftwareDialog {...props} actions={actions} queryKey={softwareKeys.lists()} />;
}
