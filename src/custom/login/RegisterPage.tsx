import { useState, type FormEvent } from 'react';
import { useAuthProvider } from 'ra-core';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fr } from '../../i18n/fr';
import type { StrapiAuthProvider } from '../../providers/authProvider';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { usePublicSettings } from '../../providers/settings';
import { AuthPageFrame } from './AuthPageFrame';

/**
 * Self-registration. The backend opens it only when the settings allow public registration (off
 * by default) and gives such an account no staff role until an administrator assigns one.
 */
export default function RegisterPage() {
  const authProvider = useAuthProvider() as StrapiAuthProvider | undefined;
  const toast = useToast();
  const navigate = useNavigate();
  const settings = usePublicSettings();
  const [values, setValues] = useState({ username: '', email: '', password: '' });
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.username.trim() || !values.email.trim() || !values.password) {
      toast({ title: fr.auth.missingFieldsTitle, description: fr.auth.missingFieldsMessage, variant: 'destructive' });
      return;
    }
    setLoading(true);
    try {
      await authProvider!.register(values);
      toast({ title: fr.auth.registerSuccessTitle, description: fr.auth.registerSuccessMessage, variant: 'success' });
      navigate('/', { replace: true });
    } catch (e) {
      const message = (e as Error)?.message ?? '';
      // The backend's reasons in French (the password policy says what it wants, a closed registration by its code), never "Strapi 400: ...".
      const description = message ? frenchErrorMessage(e) : fr.auth.registerErrorFallback;
      toast({ title: fr.auth.registerErrorTitle, description, variant: 'destructive' });
      setLoading(false);
    }
  };

  const field = (name: keyof typeof values, label: string, type = 'text', autoComplete?: string) => (
    <TextField
      label={label}
      type={type}
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      fullWidth
      margin="normal"
      disabled={loading}
    />
  );

  return (
    <AuthPageFrame town={settings.siteName}>
      <Card variant="outlined">
        <CardContent sx={{ p: 3 }}>
          <Typography component="h1" variant="h5" gutterBottom>
            {fr.register.title}
          </Typography>
          <Box component="form" noValidate onSubmit={submit}>
            {field('username', fr.register.username, 'text', 'username')}
            {field('email', fr.register.email, 'email', 'email')}
            {field('password', fr.register.password, 'password', 'new-password')}
            <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={loading}>
              {loading ? fr.register.submitting : fr.register.submit}
            </Button>
          </Box>
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to="/login">
              {fr.register.backToLogin}
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </AuthPageFrame>
  );
}
