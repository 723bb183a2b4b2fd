import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from '../../../src/common/lazyWithPreload';

/**
 * What a tap opens is loaded beforehand (preload); once it is, it renders at the tap itself. React.lazy suspended
 * at its first render even with its chunk there, and React then held the dialog back about 300 ms.
 */

const Greeting = ({ name }: { name: string }) => <p>Bonjour {name}</p>;

describe('a component loaded on demand (lazyWithPreload)', () => {
  it('preloaded, shows at its first render, never its fallback', async () => {
    const Loaded = lazyWithPreload(async () => ({ default: Greeting }));
    await Loaded.preload();
    render(
      <Suspense fallback={<p>Chargement</p>}>
        <Loaded name="Mamoudzou" />
      </Suspense>,
    );
    expect(screen.getByText('Bonjour Mamoudzou')).toBeInTheDocument();
    expect(screen.queryByText('Chargement')).not.toBeInTheDocument();
  });

  it('not preloaded, shows its fallback until its chunk is there, then itself', async () => {
    const Loaded = lazyWithPreload(async () => ({ default: Greeting }));
    render(
      <Suspense fallback={<p>Chargement</p>}>
        <Loaded name="Kawéni" />
      </Suspense>,
    );
    expect(screen.getByText('Chargement')).toBeInTheDocument();
    expect(await screen.findByText('Bonjour Kawéni')).toBeInTheDocument();
  });

  it('a chunk that failed to load is asked for again at the next preload', async () => {
    let attempts = 0;
    const Loaded = lazyWithPreload(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('réseau coupé');
      return { default: Greeting };
    });
    await expect(Loaded.preload()).rejects.toThrow('réseau coupé');
    await Loaded.preload();
    expect(attempts).toBe(2);
    render(<Loaded name="Passamainty" />);
    expect(screen.getByText('Bonjour Passamainty')).toBeInTheDocument();
  });
});
