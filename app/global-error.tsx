'use client';

// The root layout itself failed, so neither translations nor styles can be trusted here:
// a self-contained page in both languages.
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en">
      <body
        style={{
          fontFamily: 'system-ui, sans-serif',
          display: 'grid',
          placeItems: 'center',
          minHeight: '100vh',
          margin: 0,
          textAlign: 'center',
          background: '#f8fafc',
          color: '#0f172a',
        }}
      >
        <main>
          <p style={{ color: '#475569', fontWeight: 600 }}>500</p>
          <h1 style={{ margin: '0.5rem 0' }}>Internal Server Error</h1>
          <p lang="ru" style={{ color: '#475569' }}>
            Внутренняя ошибка сервера
          </p>
          <button
            type="button"
            onClick={reset}
            style={{
              marginTop: '1.5rem',
              padding: '0.6rem 1.2rem',
              borderRadius: '0.75rem',
              border: 0,
              background: '#22c55e',
              color: '#020617',
              fontWeight: 600,
              cursor: 'pointer',
            }}
          >
            Try again / Попробовать снова
          </button>
        </main>
      </body>
    </html>
  );
}
