import React, { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SoftwarePackage } from '@shared/platform/create-software-ng';
import { Modal } from '@shared/ui/modal';
import { byIdOf, dependencyTree, installOrder, type GraphNode } from '../model/dependencies';

interface Props {
  pkg: SoftwarePackage;
  packages: readonly SoftwarePackage[];
  onClose: () => void;
}

/** A package's transitive dependencies as a tree, and the order they install in. */
export function DependencyGraph({ pkg, packages, onClose }: Props) {
  const { t } = useTranslation();
  const byId = useMemo(() => byIdOf(packages), [packages]);
  const tree = useMemo(() => dependencyTree(pkg, byId), [pkg, byId]);
  const order = useMemo(() => installOrder(pkg, byId), [pkg, byId]);
  return (
    <Modal
      open
      size="lg"
      title={t('Dependency graph of {{name}} {{version}}', { name: pkg.name, version: pkg.version })}
      onClose={onClose}
      data-testid="dependency-graph"
      buttons={[{ label: t('Close'), onClick: onClose, 'data-testid': 'graph-close' }]}
    >
      <div className="row">
        <div className="col-sm-7">
          <h5 className="text-medium">{t('All dependencies')}</h5>
          {tree.children.length === 0 ? (
            <p className="text-muted">{t('No dependencies')}</p>
          ) : (
            <ul className="list-unstyled" data-testid="graph-tree" style={{ fontFamily: 'inherit' }}>
              <TreeNode node={tree} depth={0} />
            </ul>
          )}
        </div>
        <div className="col-sm-5">
          <h5 className="text-medium">{t('Install order')}</h5>
          <ol data-testid="install-order">
            {order.map((d) => (
              <li key={d.id}>
                {d.name} <span className="text-muted">{d.version}</span>
                {d.id === String(pkg.id) && <span className="label label-primary m-l-8">{t('this package')}</span>}
              </li>
            ))}
          </ol>
        </div>
      </div>
    </Modal>
  );
}

function TreeNode({ node, depth }: { node: GraphNode; depth: number }) {
  const { t } = useTranslation();
  return (
    <li style={{ paddingLeft: depth === 0 ? 0 : 20, borderLeft: depth === 0 ? undefined : '1px dotted #ccc' }} data-testid={`graph-node-${node.id}`}>
      <span className={depth === 0 ? 'text-bold' : undefined}>
        {depth > 0 && '└ '}
        {node.name} <span className="text-muted">{node.version}</span>
      </span>
      {node.missing && <span className="label label-warning m-l-8">{t('not in the repository')}</span>}
      {node.cycle && <span className="label label-danger m-l-8">{t('circular')}</span>}
      {node.children.length > 0 && (
        <ul className="list-unstyled">
          {node.children.map((c, i) => (
            <TreeNode key={`${c.id}-${i}`} node={c} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
