# kind: error
# misconception_es: usa np sin importar numpy (NameError)
# misconception_en: uses np without importing numpy (NameError)
# line: 9
# expect: none
def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
